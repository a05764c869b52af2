/**
 * The pages the web app has (the product's route table), shared by its router and by the server,
 * which answers any other path with the same app but HTTP 404, so search engines and link checkers
 * see a missing page as missing, not as a soft 404.
 */
export const PAGE_PATHS = {
  home: '/',
  about: '/about',
  members: '/members',
  member: '/member/:name',
  chapters: '/chapters',
  chapter: '/chapters/:slug',
  chapterVisit: '/chapters/:slug/visit',
  visit: '/visit',
  articles: '/articles',
  apply: '/apply',
  login: '/login',
  authSuccess: '/auth-success',
  dashboard: '/dashboard',
  application: '/applications/:id',
  meetingDoor: '/meetings/:id/door',
  meetingReport: '/meetings/:id/report',
  meetingSlips: '/meetings/:id/slips',
  checkIn: '/check-in/:token',
  room: '/room/:token',
} as const;

let patterns: RegExp[] | undefined;

/** Whether a decoded path (no query) is one of the app's pages; a trailing slash is allowed. */
export function isPagePath(path: string): boolean {
  // Built on first use, so the web bundle (which imports only PAGE_PATHS) carries none of it.
  patterns ??= Object.values(PAGE_PATHS).map(
    (page) => new RegExp(`^${page.replace(/:[a-z]+/gi, '[^/]+').replace(/\/$/, '')}/?$`),
  );
  return patterns.some((pattern) => pattern.test(path));
}
