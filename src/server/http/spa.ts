import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_IN_HINT_COOKIE } from '../../domain/auth/signed-in-hint';
import { MESSAGES } from '../../domain/messages';
import { isPagePath } from '../../domain/page-paths';
import { isServerRenderedPath, SERVER_STATE_ID } from '../../domain/pages/server-rendered';
import { createPaintedPageCache, sendPaintedPage } from './painted-page-cache';
import { createRoutePreloads } from './route-preloads';

export interface SpaOptions {
  webRoot: string;
  /**
   * Lets a feature rewrite index.html for a path: the page's HTML with its meta tags, `{ redirect }` when
   * the address moved (an old member slug), `{ notFound }` when the page names nothing (an unknown
   * member), undefined to keep it.
   */
  renderIndex?: (request: FastifyRequest, html: string) => Promise<RenderedIndex> | RenderedIndex;
  /** Applied once to index.html at start: what every page needs at first paint (the network's name). */
  prepareIndex?: (html: string) => string;
  /** The version a visitor's painted page is kept at (the directory's); without it no page is kept. */
  pageVersion?: () => Promise<string>;
}

export type RenderedIndex = string | { redirect: string } | { notFound: true } | undefined;

function listFiles(root: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      // Compressed copies are served in place of their original, never under their own name; source
      // maps are never served (the build moves them out; one left behind still stays private).
      else if (!/\.(br|gz|map)$/.test(entry.name)) files.add(`/${relative(root, full).split(sep).join('/')}`);
    }
  };
  walk(root);
  return files;
}

const CURRENT_USER_PRELOAD =
  '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/user">';
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Serves the built SPA: files Vite fingerprinted under /assets/ are cached for a year, any other GET
 * that is not /api/* gets index.html (history fallback) with no-cache. The file list is read once at
 * start, so a request path never reaches the file system unless it names a known file.
 */
export async function registerSpa(app: FastifyInstance, options: SpaOptions): Promise<void> {
  const indexPath = join(options.webRoot, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ webRoot: options.webRoot }, 'built web app not found; run `npm run build`');
  }
  const files = existsSync(options.webRoot) ? listFiles(options.webRoot) : new Set<string>();
  const builtIndex = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  const indexHtml = builtIndex && options.prepareIndex ? options.prepareIndex(builtIndex) : builtIndex;
  const indexMtime = existsSync(indexPath) ? statSync(indexPath).mtime.toUTCString() : undefined;

  // preCompressed: the build wrote .br and .gz copies; the best one the browser accepts is sent as-is.
  const routePreloads = createRoutePreloads(options.webRoot);

  await app.register(fastifyStatic, { root: options.webRoot, serve: false, preCompressed: true });

  const paintedPages = createPaintedPageCache();

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    if (!indexHtml) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet. Run `npm run build`.');
    }
    // A visitor's public page is the same for every visitor at one directory version: painted once, kept.
    const visitor = !request.cookies[SIGNED_IN_HINT_COOKIE];
    const version =
      visitor && options.pageVersion && isServerRenderedPath(path) ? await options.pageVersion() : undefined;
    const kept = version === undefined ? undefined : paintedPages.get(request.url, version);
    if (kept) return sendPaintedPage(request, reply.code(200).header('cache-control', 'no-cache'), kept);
    const result = (await options.renderIndex?.(request, indexHtml)) ?? indexHtml;
    if (typeof result === 'object' && 'redirect' in result) return reply.code(301).redirect(result.redirect);
    // A path no page knows, or a page naming nothing, still gets the app (it shows its not-found page),
    // but with status 404.
    const rendered = typeof result === 'string' ? result : indexHtml;
    reply.code(typeof result === 'string' && isPagePath(path) ? 200 : 404);
    const painted = rendered.includes(`id="${SERVER_STATE_ID}"`);
    // A painted page already names its code (the parts its draw met) and carries its answers.
    const preloads = painted ? '' : routePreloads(request.url);
    // A browser with a session asks who it is before drawing anything: the answer starts with the page.
    const signedIn = request.cookies[SIGNED_IN_HINT_COOKIE] === '1';
    const head = `${preloads}${signedIn && !painted ? CURRENT_USER_PRELOAD : ''}`;
    // After the entry script Vite wrote into the head: the app and the route's chunks load at once, together.
    const html = head ? rendered.replace('</head>', () => `${head}</head>`) : rendered;
    // A page painted for a member carries their own answers: for their browser only, never a shared cache.
    reply.header('cache-control', painted && signedIn ? 'private, no-cache' : 'no-cache');
    // Who asks decides what is painted (a visitor's page, a member's dashboard, or the bare app).
    reply.header('vary', 'Cookie');
    if (indexMtime && html === indexHtml) reply.header('last-modified', indexMtime);
    if (version !== undefined && painted && reply.statusCode === 200)
      return sendPaintedPage(request, reply, paintedPages.set(request.url, version, html));
    return reply.type('text/html; charset=utf-8').send(html);
  };

  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const path = safeDecode(request.url.split('?')[0] ?? '/');
    if (path === '/api' || path.startsWith('/api/')) {
      return reply
        .code(404)
        .send({ code: 'NOT_FOUND', message: MESSAGES.apiRouteNotFound(request.method, path) });
    }
    if (path !== '/index.html' && files.has(path)) {
      const immutable = path.startsWith('/assets/');
      return reply.sendFile(path.slice(1), {
        immutable,
        maxAge: immutable ? 365 * 24 * 60 * 60 * 1000 : 60 * 60 * 1000,
        cacheControl: true,
      });
    }
    return sendIndex(request, reply, path);
  });
}
