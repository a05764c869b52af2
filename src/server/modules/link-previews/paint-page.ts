import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SIGNED_IN_HINT_COOKIE } from '../../../domain/auth/signed-in-hint';
import { isServerRenderedPath, SERVER_STATE_ID } from '../../../domain/pages/server-rendered';
import { type FetchAnswer, renderPage } from '../../../web/ssr/render-page';
import { embedJson } from './page-meta';

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Paints a public page into index.html for a visitor without a session (issue 49), so the first paint
 * needs no JavaScript; the browser then hydrates it from the same answers, embedded in the page.
 * Undefined (the browser renders the page, as before) for a signed-in browser, a page the server does
 * not paint, or any failure: painting is a speed-up, never a way for a page to break.
 */
export function createPagePainter(app: FastifyInstance) {
  // The API routes themselves, as a signed-out visitor calls them: the same answers, the same caches.
  const fetchAnswer: FetchAnswer = async (url) => {
    const answer = await app.inject({ method: 'GET', url });
    if (answer.statusCode !== 200) throw new Error(`GET ${url} answered ${answer.statusCode}`);
    return answer.json();
  };
  return async (request: FastifyRequest, html: string): Promise<string | undefined> => {
    if (request.cookies[SIGNED_IN_HINT_COOKIE] || !html.includes(EMPTY_ROOT)) return undefined;
    if (!isServerRenderedPath(request.url.split('?')[0] ?? '/')) return undefined;
    try {
      const page = await renderPage(request.url, fetchAnswer);
      if (!page) return undefined;
      return html
        .replace(EMPTY_ROOT, `<div id="root">${page.html}</div>`)
        .replace('</body>', `${embedJson(SERVER_STATE_ID, page.answers)}</body>`);
    } catch (err) {
      request.log.warn({ err }, 'page left to the browser: the server could not paint it');
      return undefined;
    }
  };
}
