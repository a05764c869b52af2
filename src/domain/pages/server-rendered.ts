/**
 * The public pages the server paints before any JavaScript runs: a visitor's first view and
 * a crawler's only one. Other pages (sign-in, forms, everything behind sign-in) stay client-rendered.
 */
const SERVER_RENDERED = [
  /^\/$/,
  /^\/about\/?$/,
  /^\/members\/?$/,
  /^\/member\/[^/]+\/?$/,
  /^\/chapters(\/[^/]+)?\/?$/,
  /^\/chapters\/[^/]+\/visit\/?$/,
  /^\/visit\/?$/,
];

/** Whether a decoded path (no query) is one the server renders. */
export const isServerRenderedPath = (path: string): boolean =>
  SERVER_RENDERED.some((page) => page.test(path));

/** The dashboard tabs painted for a member: where each role lands, and the account settings. */
const PAINTED_TABS = new Set(['referrals', 'applications', 'account']);

/**
 * The page the server paints for a signed-in member, from their own answers: the dashboard
 * as it opens after sign-in (no address state, or only one of the tabs above). Other tabs and views
 * (a roster deep in its pages, an upload) are drawn by the app as before; so is every view while an
 * agency administrator acts in another chapter (`?chapter=`), which the browser sends with each request.
 */
export const isPaintedForMember = (path: string, search: URLSearchParams): boolean =>
  /^\/dashboard\/?$/.test(path) &&
  (search.size === 0 || (search.size === 1 && PAINTED_TABS.has(search.get('tab') ?? '')));

/** The id of the JSON script that carries the server's query answers to the hydrating client. */
export const SERVER_STATE_ID = 'server-query-state';

/** The id of the JSON script that names the lazily loaded parts a painted page shows, by module. */
export const PAINTED_PARTS_ID = 'painted-parts';

/**
 * The attribute the browser's app sets on the page's root element once it has adopted a painted page: from
 * then on every press and keystroke on it is handled (before it, a button does nothing; a link still works as
 * a link). Journeys wait for it before they act; a style may use it too.
 */
export const PAGE_ADOPTED_ATTRIBUTE = 'data-adopted';

/** What the server painted a page from: each query's key and answer, in the order the page asked. */
export type ServerAnswers = Array<[queryKey: readonly unknown[], data: unknown]>;
