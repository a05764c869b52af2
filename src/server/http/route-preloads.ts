import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIRECTORY_PAGE_SIZE } from '../../domain/network/constants';
import { APP_CODE_PRIORITY } from '../../domain/pages/app-code-priority';
import { escapeHtml } from '../lib/escape-html';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The lazy page module each route renders (keys of Vite's manifest), and the first data it asks for. */
const ROUTES: {
  pattern: RegExp;
  page: string;
  data?: (match: RegExpExecArray, search: URLSearchParams) => string;
}[] = [
  {
    pattern: /^\/members\/?$/,
    page: 'features/directory/pages/members-page.tsx',
    // Only the unfiltered first page: the same URL the page's own query builds.
    data: (_m, search) =>
      search.size === 0
        ? `/api/members?${new URLSearchParams({ q: '', industry: '', page: '1', pageSize: String(DIRECTORY_PAGE_SIZE) })}`
        : '',
  },
  {
    pattern: /^\/member\/([a-z0-9-]{1,200})\/?$/i,
    page: 'features/directory/pages/member-profile-page.tsx',
    data: (m) => `/api/members/by-name/${encodeURIComponent(m[1] ?? '')}`,
  },
  { pattern: /^\/chapters\/?$/, page: 'features/directory/pages/chapters-page.tsx' },
  {
    pattern: /^\/chapters\/([a-z0-9-]{1,100})\/?$/,
    page: 'features/directory/pages/chapter-page.tsx',
    data: (m) => `/api/chapters/public/${m[1] ?? ''}`,
  },
  { pattern: /^\/login\/?$/, page: 'features/auth/pages/login-page.tsx' },
  { pattern: /^\/about\/?$/, page: 'features/marketing/pages/about-page.tsx' },
  { pattern: /^\/apply\/?$/, page: 'features/applications/pages/apply-page.tsx' },
  { pattern: /^\/dashboard\/?$/, page: 'app/dashboard/dashboard-page.tsx' },
];

/** The files `key` loads, each after what it imports (a cycle is followed once). */
function closure(
  manifest: Record<string, ManifestChunk>,
  key: string,
  into = new Set<string>(),
  seen = new Set<string>(),
): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return into;
  seen.add(key);
  for (const child of chunk.imports ?? []) closure(manifest, child, into, seen);
  into.add(chunk.file);
  return into;
}

/** The build's manifest and the files the entry itself loads. */
function readManifest(webRoot: string) {
  const manifestPath = join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const inEntry = entryKey ? closure(manifest, entryKey) : new Set<string>();
  return { manifest, inEntry };
}

/** Read once per build folder: the page preloads and the painted parts' preloads share it. */
const builds = new Map<string, ReturnType<typeof readManifest>>();
const builtAt = (webRoot: string) => {
  if (!builds.has(webRoot)) builds.set(webRoot, readManifest(webRoot));
  return builds.get(webRoot);
};

type Built = NonNullable<ReturnType<typeof readManifest>>;

/** modulepreload tags for these files, but those the entry loads itself (index.html names them). */
const modulePreloadTags = (files: Iterable<string>, built: Built) =>
  [...files]
    .filter((f) => !built.inEntry.has(f) && f.endsWith('.js'))
    .map((f) => `<link rel="modulepreload" fetchpriority="${APP_CODE_PRIORITY}" href="/${escapeHtml(f)}">`)
    .join('');

/**
 * `<link>` tags for a page's route: its lazy chunk and that chunk's imports as modulepreload (the entry's
 * own files are already in index.html), and the first API answer it will fetch as a preload, so the
 * browser fetches code and data in parallel with the entry instead of one after another.
 */
export function createRoutePreloads(webRoot: string): (url: string) => string {
  const built = builtAt(webRoot);
  if (!built) return () => '';
  const tagsByRoute = ROUTES.map((route) => ({
    ...route,
    modules: modulePreloadTags(closure(built.manifest, route.page), built),
  }));
  return (url) => {
    const [path = '/', query = ''] = url.split('?');
    for (const route of tagsByRoute) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const data = route.data?.(match, new URLSearchParams(query));
      const dataTag = data
        ? `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(data)}">`
        : '';
      return route.modules + dataTag;
    }
    return '';
  };
}

/**
 * modulepreload tags for modules the app loads lazily (manifest keys) and what they import: a painted page
 * names the parts it shows (its page, a dashboard's tab, the user menu), which the browser would otherwise
 * find one after another as React reaches them (docs/decisions/0038 has what that cost).
 */
export function createModulePreloads(webRoot: string): (keys: readonly string[]) => string {
  const built = builtAt(webRoot);
  if (!built) return () => '';
  return (keys) => {
    const files = new Set<string>();
    for (const key of keys) closure(built.manifest, key, files);
    return modulePreloadTags(files, built);
  };
}
