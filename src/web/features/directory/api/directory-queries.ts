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

const toMs = (seconds: number) => seconds * 1000;

/** Every directory query sits under this key, so one invalidation refreshes them all. */
export const membersQuery = queryOptions({
  queryKey: ['/api/members'],
  queryFn: () => api.get<PublicMember[]>('/api/members'),
  staleTime: toMs(CACHE_SECONDS.members),
});

export interface DirectoryFilters {
  q: string;
  industry: string;
  page: number;
}

/** One page of the directory, searched and filtered by the server (issue 9). */
export const membersPageQuery = ({ q, industry, page }: DirectoryFilters) =>
  queryOptions({
    queryKey: ['/api/members', 'page', q.trim().toLowerCase(), industry.toLowerCase(), page],
    queryFn: () => {
      const params = new URLSearchParams({
        q: q.trim(),
        industry,
        page: String(page),
        pageSize: String(DIRECTORY_PAGE_SIZE),
      });
      return api.get<DirectoryPage>(`/api/members?${params}`);
    },
    staleTime: toMs(CACHE_SECONDS.members),
    // Keep the current cards on screen while the next page or search loads.
    placeholderData: (previous) => previous,
  });

export const memberBySlugQuery = (slug: string) =>
  queryOptions({
    queryKey: ['/api/members/by-name', slug],
    queryFn: () => api.get<PublicMember>(`/api/members/by-name/${encodeURIComponent(slug)}`),
    staleTime: toMs(CACHE_SECONDS.members),
  });

export const publicIndustriesQuery = queryOptions({
  queryKey: ['/api/industries/public'],
  queryFn: () => api.get<PublicIndustry[]>('/api/industries/public'),
  staleTime: toMs(CACHE_SECONDS.industriesPublic),
});

export const networkStatsQuery = queryOptions({
  queryKey: ['/api/network/stats'],
  queryFn: () => api.get<NetworkStats>('/api/network/stats'),
  staleTime: toMs(CACHE_SECONDS.networkStats),
});

export const publicReferralCountsQuery = (memberId: string) =>
  queryOptions({
    queryKey: ['/api/referrals/metrics', memberId],
    queryFn: () => api.get<PublicReferralCounts>(`/api/referrals/metrics/${memberId}`),
    staleTime: toMs(CACHE_SECONDS.members),
  });

export const useMembersPage = (filters: DirectoryFilters) => useQuery(membersPageQuery(filters));
export const usePublicIndustries = () => useQuery(publicIndustriesQuery);
export const useNetworkStats = () => useQuery(networkStatsQuery);
export const useMemberBySlug = (slug: string | undefined) =>
  useQuery({ ...memberBySlugQuery(slug ?? ''), enabled: Boolean(slug) });
export const usePublicReferralCounts = (memberId: string | undefined) =>
  useQuery({ ...publicReferralCountsQuery(memberId ?? ''), enabled: Boolean(memberId) });
