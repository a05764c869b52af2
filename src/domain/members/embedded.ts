/** The id of the JSON script in a /member/:name page that carries the profile for the first render. */
export const EMBEDDED_MEMBER_ID = 'member-profile-data';
