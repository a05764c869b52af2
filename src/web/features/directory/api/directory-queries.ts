import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DirectoryPage,
  NetworkStats,
  PublicIndustry,
  PublicMember,
  PublicReferralCounts,
} from '../../../../domain/members/contracts';
import { CACHE_SECONDS, DIRECTORY_PAGE_SIZE } from '../../../../domain/network/constants';
import { api } from '../../../lib/api';
import { apiKey, apiUrl } from '../../../lib/query-keys';

export const toMs = (seconds: number) => seconds * 1000;

/** Every directory query sits under this key, so one invalidation refreshes them all. */
export const membersQuery = queryOptions({
  queryKey: apiKey('/api/members'),
  queryFn: () => api.get<PublicMember[]>('/api/members'),
  staleTime: toMs(CACHE_SECONDS.members),
});

export interface DirectoryFilters {
  q: string;
  industry: string;
  /** A chapter's slug, or '' for the whole agency. */
  chapter?: string;
  page: number;
}

/** One page of the directory, searched and filtered by the server. */
export const membersPageQuery = ({ q, industry, chapter, page }: DirectoryFilters) =>
  queryOptions({
    queryKey: apiKey('/api/members', {
      q: q.trim(),
      industry,
      ...(chapter ? { chapter } : {}),
      page,
      pageSize: DIRECTORY_PAGE_SIZE,
    }),
    queryFn: ({ queryKey }) => api.get<DirectoryPage>(apiUrl(queryKey)),
    staleTime: toMs(CACHE_SECONDS.members),
    // Keep the current cards on screen while the next page or search loads.
    placeholderData: (previous) => previous,
  });

/** A chapter's industries (its slug), else the first chapter's. */
export const publicIndustriesQuery = (chapter?: string) =>
  queryOptions({
    queryKey: apiKey('/api/industries/public', chapter ? { chapter } : undefined),
    queryFn: ({ queryKey }) => api.get<PublicIndustry[]>(apiUrl(queryKey)),
    staleTime: toMs(CACHE_SECONDS.industriesPublic),
  });

export const networkStatsQuery = queryOptions({
  queryKey: apiKey('/api/network/stats'),
  queryFn: () => api.get<NetworkStats>('/api/network/stats'),
  staleTime: toMs(CACHE_SECONDS.networkStats),
});

export const publicReferralCountsQuery = (memberId: string) =>
  queryOptions({
    queryKey: [...apiKey('/api/referrals/metrics'), memberId],
    queryFn: ({ queryKey }) => api.get<PublicReferralCounts>(apiUrl(queryKey)),
    staleTime: toMs(CACHE_SECONDS.members),
  });

export const useMembersPage = (filters: DirectoryFilters) => useQuery(membersPageQuery(filters));
export const usePublicIndustries = (chapter?: string) => useQuery(publicIndustriesQuery(chapter));
export const useNetworkStats = () => useQuery(networkStatsQuery);
export const usePublicReferralCounts = (memberId: string | undefined) =>
  useQuery({ ...publicReferralCountsQuery(memberId ?? ''), enabled: Boolean(memberId) });
