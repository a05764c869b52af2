import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  NetworkStats,
  PublicIndustry,
  PublicMember,
  PublicReferralCounts,
} from '../../../../domain/members/contracts';
import { CACHE_SECONDS } from '../../../../domain/network/constants';
import { api } from '../../../lib/api';

const toMs = (seconds: number) => seconds * 1000;

export const membersQuery = queryOptions({
  queryKey: ['/api/members'],
  queryFn: () => api.get<PublicMember[]>('/api/members'),
  staleTime: toMs(CACHE_SECONDS.members),
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

export const useMembers = () => useQuery(membersQuery);
export const usePublicIndustries = () => useQuery(publicIndustriesQuery);
export const useNetworkStats = () => useQuery(networkStatsQuery);
export const useMemberBySlug = (slug: string | undefined) =>
  useQuery({ ...memberBySlugQuery(slug ?? ''), enabled: Boolean(slug) });
export const usePublicReferralCounts = (memberId: string | undefined) =>
  useQuery({ ...publicReferralCountsQuery(memberId ?? ''), enabled: Boolean(memberId) });
