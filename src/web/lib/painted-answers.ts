import type { Query, QueryClient } from '@tanstack/react-query';
import type { ServerAnswers } from '../../domain/pages/server-rendered';

/** How long the answers a page was painted from count as just read: its hydration, not a later visit. */
const JUST_PAINTED_MS = 10_000;
const painted = new Set<string>();
let paintedAt = Number.NEGATIVE_INFINITY;

/** Puts the answers the server painted the page from into the cache, before the first render adopts it. */
export function adoptPaintedAnswers(queryClient: QueryClient, answers: ServerAnswers): void {
  paintedAt = Date.now();
  for (const [queryKey, data] of answers) {
    queryClient.setQueryData(queryKey, data);
    const query = queryClient.getQueryCache().find({ queryKey, exact: true });
    if (query) painted.add(query.queryHash);
  }
}

/**
 * `refetchOnMount` for a query read afresh on every mount (no caching), except the mount
 * that adopts the answer the server painted a moment ago: asking again would only redraw the same data,
 * synchronously, in the middle of the page's hydration.
 */
export const refetchOnEveryMount = (query: Pick<Query, 'queryHash'>): boolean | 'always' =>
  painted.has(query.queryHash) && Date.now() - paintedAt < JUST_PAINTED_MS ? false : 'always';
