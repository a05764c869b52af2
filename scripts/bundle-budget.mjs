// The JavaScript each public route downloads, gzip-compressed, against its budget. Reads the
// Vite manifest of the built app; exits 1 when a route is over. `npm test` runs it after the build.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Route -> the lazily loaded page module it renders (none: the entry alone) and its budget in KB. The
 * budgets ratchet: they sit just above today's sizes, so any growth fails CI. A target of 90 KB on
 * /members was asked for once; docs/decisions/0008 says why that needs a bigger change than lazy loading.
 */
export const BUDGETS = [
  // +0.3 KB: the page error boundary must ship in the entry to catch a page that fails to load.
  // +0.3 KB, on every route: Button's focus-keeping `pending`, keepalive writes and the early CSRF
  // token in the API client, and sign-out forgetting the user's drafts (measured 92.6 / 100.1 / 98.7 KB).
  // +0.1 / +0.4 / +0.5 KB: "Give a referral" on every directory card and profile (it reads the
  // signed-in user), the Ideal Referral card and labelled button links (measured 92.8 / 100.7 / 99.2 KB).
  // +0.1 KB on /: the paged-list helpers the referral, attendance and notification lists now share
  // leave TanStack's infinite-query options in the shared query chunk (measured 92.9 KB, over by bytes).
  // +1.2 / +2.2 / +1.3 KB: several chapters. Every page asks whether the agency has several (the
  // nav's Chapters link), the API client carries the chapter an agency administrator acts in, two new public
  // routes, and the directory's chapter filter and each card's chapter (measured 94.1 / 102.9 / 100.6 KB).
  // +0.1 KB on /members: the chapter contract the directory's chapter filter reads carries the
  // meeting schedule's four new settings and their messages (measured 103.1 KB, over by bytes).
  // +0.3 KB, on every route: three lazy pages in the router (meeting mode, self check-in, the
  // room's screen, which renders without the site's frame) and their paths (measured 94.47 / 103.43 / 101.00 KB, the last two over by bytes).
  // +0.1 KB, on every route: the PALMS report's lazy page in the router and its path, and toasts
  // kept off paper (measured 94.62 / 103.58 / 101.16 KB).
  // +0.2 KB, on every route: the entry hydrates a page the server painted (the app's tree in
  // one component, the server's answers read into the query cache); +0.4 KB more on a profile, whose
  // 'Member since' is now formatted in the network's time zone on both sides; +0.2 KB more, on every route,
  // hands the app a filter or search a visitor used before it loaded (measured 95.0 / 104.0 / 102.0 KB).
  // +0.4 KB, on every route: every lazily loaded part is named by its module and can be loaded ahead, so a
  // painted page's parts load before it is hydrated (docs/decisions/0043; measured 95.2 / 104.2 / 102.4 KB,
  // from 94.8 / 103.8 / 102.0 KB on the commit before).
  // +0.3 KB, on every route: the skip links to a dashboard tab's panels, which the layout draws from the
  // address on every page, and who sees which tab (measured 95.9 / 104.8 / 103.0 KB).
  // +0.1 KB, on every route: the public visit page's lazy route in the router and its two paths, the home
  // page's "Visit a meeting" and who sees the Visitors tab (measured 96.04 / 105.01 / 103.20 KB, the first two
  // over by bytes).
  // +0.3 / +0.3 / +0.6 KB: the visitor pipeline. No visitor code reaches these routes (their closures' source
  // maps name no visitors, door or follow-up module); the door's walk-in and ticket schemas now share the text
  // and field rules with the dashboard and meeting mode, so Rolldown split those shared leaf modules anew, and
  // the entry's preload map names the new lazy chunks (the QR reader among them). Measured 96.04 / 105.01 /
  // 103.20 KB before, 96.3 / 105.3 / 103.8 KB after.
  // +0.1 / +0.3 KB: a profile shows the testimonials its member chose (their query, declared with the profile's
  // route for the painted page, and the card). Measured 105.39 / 103.88 KB before, 105.40 / 104.15 KB after.
  // +0.1 KB, on every route: the slips desk's lazy page in the router and its path (measured 96.26 / 105.36 /
  // 104.12 KB before, 96.37 / 105.47 / 104.23 KB after; the profile's over by bytes).
  { route: '/', page: null, kb: 96.4 },
  { route: '/members', page: 'features/directory/pages/members-page.tsx', kb: 105.5 },
  { route: '/member/:name', page: 'features/directory/pages/member-profile-page.tsx', kb: 104.3 },
  { route: '/login', page: 'features/auth/pages/login-page.tsx', kb: 100 },
];

/** Every JS file a manifest entry needs before it runs: itself and its static imports, recursively. */
export function staticClosure(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const child of chunk.imports ?? []) staticClosure(manifest, child, seen);
  return seen;
}

/** Bytes on the wire per route: the entry's closure plus the page's closure, each file counted once. */
export function routeSizes(manifest, gzipSize) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('no entry in the Vite manifest');
  return BUDGETS.map(({ route, page, kb }) => {
    const files = staticClosure(manifest, entryKey);
    if (page) {
      if (!manifest[page]) throw new Error(`${page} is not a chunk of its own any more`);
      staticClosure(manifest, page, files);
    }
    const bytes = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipSize(f), 0);
    return { route, kb, bytes, over: bytes > kb * 1024 };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const web = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'web');
  const manifest = JSON.parse(readFileSync(join(web, '.vite', 'manifest.json'), 'utf8'));
  const rows = routeSizes(manifest, (file) => gzipSync(readFileSync(join(web, file))).length);
  for (const r of rows) {
    const kb = (r.bytes / 1024).toFixed(1);
    console.log(
      `${r.over ? 'OVER' : 'ok  '} ${r.route.padEnd(14)} ${kb.padStart(6)} KB gzip of JS (budget ${r.kb} KB)`,
    );
  }
  if (rows.some((r) => r.over)) {
    console.error('Entry JavaScript is over budget: lazy-load what these routes do not need at first paint.');
    process.exit(1);
  }
}
