import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../../domain/auth/contracts';
import { SIGNED_IN_HINT_COOKIE } from '../../../domain/auth/signed-in-hint';
import {
  isPaintedForMember,
  isServerRenderedPath,
  PAINTED_PARTS_ID,
  SERVER_STATE_ID,
} from '../../../domain/pages/server-rendered';
import { type FetchAnswer, renderPage } from '../../../web/ssr/render-page';
import type { SessionUser } from '../../auth/session-store';
import { answerOwnRead } from '../../http/own-reads';
import { embedJson } from './page-meta';

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Paints a page into index.html, so the first paint needs no JavaScript; the browser then
 * hydrates it from the same answers, embedded in the page. A visitor without a session gets the public
 * pages; a signed-in browser gets its dashboard, painted from the member's own answers (each read with
 * its route's own access, query schema and chapter reach, so every rule applies as in the browser). Undefined (the
 * browser renders the page, as before) for any other page, a session that has ended, or any failure:
 * painting is a speed-up, never a way for a page to break.
 */
export function createPagePainter(
  app: FastifyInstance,
  publicRead: (url: string) => Promise<unknown> | undefined,
  modulePreloads: (keys: readonly string[]) => string = () => '',
) {
  // A visitor's page reads only public answers, each from the function its route calls.
  const asVisitor: FetchAnswer = async (url) => {
    const answer = publicRead(url);
    if (!answer) throw new Error(`a visitor's page asked for ${url}, which no public read answers`);
    return answer;
  };
  // A member's own answers come from the same definitions their routes answer from (http/own-reads.ts),
  // with each route's access, query schema and chapter reach; the public ones are read as for a visitor.
  const answersFor =
    (user: SessionUser): FetchAnswer =>
    async (url) => {
      const answer = publicRead(url) ?? answerOwnRead(app.ownReads, user, url);
      if (!answer) throw new Error(`a member's page asked for ${url}, which no read answers directly`);
      return answer;
    };
  return async (request: FastifyRequest, html: string): Promise<string | undefined> => {
    if (!html.includes(EMPTY_ROOT)) return undefined;
    const [path = '/', query = ''] = request.url.split('?');
    const signedIn = Boolean(request.cookies[SIGNED_IN_HINT_COOKIE]);
    if (signedIn ? !isPaintedForMember(path, new URLSearchParams(query)) : !isServerRenderedPath(path))
      return undefined;
    try {
      const member = signedIn ? await app.signedInUserOf(request) : undefined;
      // A hint without a live session: the browser finds out and signs out, as on any other page.
      if (signedIn && !member) return undefined;
      const fetchAnswer = member ? answersFor(member) : asVisitor;
      const user = member ? ((await fetchAnswer('/api/auth/user')) as AuthUser) : null;
      const page = await renderPage(request.url, fetchAnswer, user);
      if (!page) return undefined;
      const parts = modulePreloads(page.lazyParts);
      return html
        .replace('</head>', () => `${parts}</head>`)
        .replace(EMPTY_ROOT, () => `<div id="root">${page.html}</div>`)
        .replace(
          '</body>',
          () =>
            `${embedJson(SERVER_STATE_ID, page.answers)}${embedJson(PAINTED_PARTS_ID, page.lazyParts)}</body>`,
        );
    } catch (err) {
      request.log.warn({ err }, 'page left to the browser: the server could not paint it');
      return undefined;
    }
  };
}
