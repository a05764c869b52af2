import type { Query } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import type { AuthUser } from '../../domain/auth/contracts';
import type { ServerAnswers } from '../../domain/pages/server-rendered';
import { App } from '../app/app';
import { loadRouteData, type RouteQuery } from '../app/route-data';
import { currentUserQuery } from '../lib/auth/auth-queries';
import { loadParts, type PaintedDraw, PaintedDrawContext, unloadedParts } from '../lib/lazy-part';
import { type Page, pageUrl, READS_EVERY_PAGE } from '../lib/paged-query';
import { createQueryClient } from '../lib/query-client';
import { apiUrl } from '../lib/query-keys';

/** Answers an API GET as the page's reader gets it; throws when the answer is not a 200. */
export type FetchAnswer = (url: string) => Promise<unknown>;

export interface PaintedPage {
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** The query answers it was painted from, for the browser's first render. */
  answers: ServerAnswers;
  /** The lazily loaded modules it shows (names in the build's manifest), as its draw met them. */
  lazyParts: string[];
  /** The reads its route did not declare (each cost another draw): none when it was drawn once. */
  undeclared: string[];
}

// A page whose route does not declare all it reads, or whose parts' code is not loaded yet, is drawn again
// with what the draw asked for, a few times at most.
const MAX_PASSES = 4;

/**
 * Paints a page as its reader first sees it: a signed-out visitor, or `user` when given (the dashboard,
 * whose answers `fetchAnswer` asks with that member's session). What the page's route declares it reads
 * (app/route-data.ts) is answered first, all at once, and the page is drawn once from that cache. A query
 * the route left out is answered after the draw and the page drawn again; undefined when it still needs data
 * after the last pass.
 *
 * Each draw is React's `renderToString`: every answer is in the cache before it starts and a lazy part whose
 * code is loaded draws without suspending, so there is nothing to wait for, and the page is wanted whole as
 * text (kept, compressed, given an ETag). It costs a fifth less CPU per page than the streaming renderer
 * collected into a string (docs/decisions/0044). A part met before its code was loaded drew its
 * fallback: its code is loaded and the page drawn again, like a read the route did not declare. A part that
 * throws while drawing makes its boundary draw its fallback too (`renderToString` does not report it): with
 * every part loaded, a fallback drawn means that, and the page is refused.
 */
export async function renderPage(
  url: string,
  fetchAnswer: FetchAnswer,
  user: AuthUser | null = null,
): Promise<PaintedPage | undefined> {
  const queryClient = createQueryClient();
  // Who reads the page is known before it renders: no request to ask.
  queryClient.setQueryData(currentUserQuery.queryKey, user);
  await loadRouteData(url, user, async <T,>(query: RouteQuery) => {
    const data = (await answerFor(
      { queryKey: query.queryKey, options: query, meta: query.meta },
      fetchAnswer,
    )) as T;
    queryClient.setQueryData(query.queryKey, data);
    return data;
  });
  const undeclared: string[] = [];
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const draw: PaintedDraw = { parts: new Set(), fallbacks: 0 };
    const html = renderToString(
      <PaintedDrawContext value={draw}>
        <App queryClient={queryClient} serverPath={url} />
      </PaintedDrawContext>,
    );
    // Checked before anything else runs: a part not loaded during the draw drew its fallback.
    const unloaded = unloadedParts(draw.parts);
    // A fallback with every part loaded: a part threw while drawing. The browser draws the page instead.
    if (draw.fallbacks > 0 && unloaded.length === 0) throw new Error(`a part of ${url} failed to draw`);
    const missing = queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => query.state.status === 'pending' && isEnabled(query.options) });
    if (missing.length === 0 && unloaded.length === 0) {
      // Only what was answered: a query the page left off (not enabled yet) starts empty in the browser too.
      const answers = queryClient
        .getQueryCache()
        .findAll({ predicate: (query) => query.state.status === 'success' })
        .map((query): ServerAnswers[number] => [query.queryKey, query.state.data]);
      return { html, answers, lazyParts: [...draw.parts], undeclared };
    }
    await loadParts(unloaded);
    undeclared.push(...missing.map((query) => apiUrl(query.queryKey)));
    await Promise.all(
      missing.map(async (query) =>
        queryClient.setQueryData(query.queryKey, await answerFor(query, fetchAnswer)),
      ),
    );
  }
  return undefined;
}

/**
 * A query's data as its own query function would have built it in the browser: a paged list
 * (`useInfiniteQuery`) starts with its first page, a list read whole gathers every page, any other
 * query is its URL's answer (the default query function).
 */
export async function answerFor(
  query: Pick<Query, 'queryKey' | 'options' | 'meta'>,
  fetchAnswer: FetchAnswer,
): Promise<unknown> {
  const url = apiUrl(query.queryKey);
  if ('getNextPageParam' in query.options)
    return { pages: [await fetchAnswer(url)], pageParams: [undefined] };
  if (query.meta?.[READS_EVERY_PAGE] !== true) return fetchAnswer(url);
  const items: unknown[] = [];
  let cursor: string | undefined;
  do {
    const page = (await fetchAnswer(pageUrl(query.queryKey, cursor))) as Page<unknown>;
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

// The query keeps the options of the hook that created it; `enabled` is among them, untyped at this level.
const isEnabled = (options: object) => (options as { enabled?: unknown }).enabled !== false;
