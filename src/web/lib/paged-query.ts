import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { api } from './api';
import { type ApiKey, apiUrl } from './query-keys';

/** One page as every paged list answers it (src/domain/paging.ts). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The first page of `key`, or the page after `cursor` (the server's keyset `nextCursor`). */
export const pageUrl = (key: readonly unknown[], cursor: string | undefined) => {
  const url = apiUrl(key);
  return cursor ? `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : url;
};

/** A list that pages on the server: "Load more" fetches the next page after the last one. */
export const pagedQuery = <T>(key: ApiKey, staleTime: number) =>
  infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ queryKey, pageParam }) => api.get<Page<T>>(pageUrl(queryKey, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime,
    placeholderData: keepPreviousData,
  });

/** A paged query as QueryState reads it: the items of every page loaded so far, as one list. */
export function loadedItems<Q extends { data?: { pages: { items: unknown[] }[] } }>(query: Q) {
  type Item = NonNullable<Q['data']>['pages'][number]['items'][number];
  return { ...query, data: query.data?.pages.flatMap((page) => page.items) as Item[] | undefined };
}

/**
 * The `meta` flag of a query whose function is `fetchAllPages`: the server, painting a page, reads its
 * data the same way (web/ssr/render-page.tsx).
 */
export const READS_EVERY_PAGE = 'readsEveryPage';

/**
 * Every page of `key` read in turn into one list, for a screen that needs the whole of a bounded set
 * (one meeting's records, the roster to mark): each request stays a page, however long the list.
 */
export async function fetchAllPages<T>(key: readonly unknown[]): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.get<Page<T>>(pageUrl(key, cursor));
    all.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}
