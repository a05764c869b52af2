/** Filters live in the address (?q=&industry=&chapter=&page=), so a filtered view can be shared and reloaded. */
export const DIRECTORY_URL_STATE = { q: '', industry: '', chapter: '', page: 1 };
