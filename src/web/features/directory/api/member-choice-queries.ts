import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberChoice, MemberChoicePage } from '../../../../domain/members/contracts';
import { CACHE_SECONDS, MAX_MEMBER_CHOICE_PAGE_SIZE } from '../../../../domain/network/constants';
import { api } from '../../../lib/api';
import { fetchAllPages, READS_EVERY_PAGE } from '../../../lib/paged-query';
import { apiKey, apiUrl } from '../../../lib/query-keys';
import { toMs } from './directory-queries';

/**
 * The member picker's choices: the first page A to Z, or the server's matches for what is typed (by name,
 * business, position or industry), 20 at a time. Kept 5 minutes (docs/product.md, "Data in the browser").
 */
export const memberChoicesQuery = (q: string) =>
  queryOptions({
    queryKey: apiKey('/api/members/active', q.trim() ? { q: q.trim() } : undefined),
    queryFn: ({ queryKey }) => api.get<MemberChoicePage>(apiUrl(queryKey)),
    staleTime: toMs(CACHE_SECONDS.users),
    // Keep the last answer on screen while the next one loads, so the list does not flash empty.
    placeholderData: keepPreviousData,
  });

/** One member as a choice (the one chosen, wherever the list has scrolled); none for a blank id. */
export const memberChoiceQuery = (id: string) =>
  queryOptions({
    queryKey: apiKey(`/api/members/active/${id}`),
    queryFn: ({ queryKey }) => api.get<MemberChoice>(apiUrl(queryKey)),
    staleTime: toMs(CACHE_SECONDS.users),
    retry: false,
  });

/** Every current member of the caller's chapter, read a page of 200 at a time, for marking a whole meeting. */
export const rosterChoicesQuery = queryOptions({
  queryKey: apiKey('/api/members/active', { limit: MAX_MEMBER_CHOICE_PAGE_SIZE, chapter: 'mine' }),
  queryFn: ({ queryKey }) => fetchAllPages<MemberChoice>(queryKey),
  meta: { [READS_EVERY_PAGE]: true },
  staleTime: toMs(CACHE_SECONDS.users),
});

export const useMemberChoices = (q: string) => useQuery(memberChoicesQuery(q));
export const useMemberChoice = (id: string | null | undefined) =>
  useQuery({ ...memberChoiceQuery(id ?? ''), enabled: Boolean(id) });
export const useRosterChoices = () => useQuery(rosterChoicesQuery);
