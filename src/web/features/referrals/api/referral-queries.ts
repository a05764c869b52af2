import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { CACHE_SECONDS } from '../../../../domain/network/constants';
import type { WaitingCount } from '../../../../domain/notifications/contracts';
import type { Period } from '../../../../domain/periods/periods';
import type {
  commissionRateSchema,
  EditReferralBody,
  GiveReferralBody,
  PeriodMetrics,
  ProposalAnswer,
  Referral,
  ReferralDecision,
  ReferralDirection,
  ReferralEvent,
  ReferralProposal,
  ReferralSummary,
  ReportReferralBody,
} from '../../../../domain/referrals/contracts';
import { api } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paged-query';
import { refetchOnEveryMount } from '../../../lib/painted-answers';
import { apiKey, apiUrl } from '../../../lib/query-keys';

/** My figures over a period (all time when left out), the period before beside them. */
export const referralMetricsQuery = (period: Period = 'all') =>
  queryOptions({
    queryKey: apiKey('/api/referrals/metrics', period === 'all' ? undefined : { period }),
    queryFn: ({ queryKey }) => api.get<PeriodMetrics>(apiUrl(queryKey)),
    // The figures stay while another period's load.
    placeholderData: keepPreviousData,
  });

export const pendingReferralsQuery = pagedQuery<Referral>(
  apiKey('/api/referrals/pending'),
  CACHE_SECONDS.pendingReferrals * 1000,
);

/** The history, one direction at a time, refetched on every mount (no caching). */
export const referralHistoryQuery = (direction: ReferralDirection) =>
  pagedQuery<Referral>(apiKey('/api/referrals/transactions', { direction }), 0);

/** The Referral History card's totals, over every referral (not only the pages loaded). */
export const referralSummaryQuery = queryOptions({
  queryKey: apiKey('/api/referrals/summary'),
  queryFn: ({ queryKey }) => api.get<ReferralSummary>(apiUrl(queryKey)),
  staleTime: 0,
});

/** How many referrals wait on me (the Referral Metrics tab's badge); any referral change refreshes it. */
export const referralsWaitingCountQuery = queryOptions({
  queryKey: apiKey('/api/referrals/waiting-count'),
  queryFn: ({ queryKey }) => api.get<WaitingCount>(apiUrl(queryKey)),
  staleTime: CACHE_SECONDS.pendingReferrals * 1000,
});

/** Approved referrals whose change or removal waits for my answer. */
export const referralProposalsQuery = queryOptions({
  queryKey: apiKey('/api/referrals/proposals'),
  queryFn: ({ queryKey }) => api.get<Referral[]>(apiUrl(queryKey)),
  staleTime: CACHE_SECONDS.pendingReferrals * 1000,
});

export const referralEventsQuery = (id: string) =>
  queryOptions({
    queryKey: [...apiKey('/api/referrals'), id, 'history'],
    queryFn: ({ queryKey }) => api.get<ReferralEvent[]>(apiUrl(queryKey)),
    staleTime: 0,
  });

export const useReferralMetrics = (period: Period = 'all') => useQuery(referralMetricsQuery(period));
export const usePendingReferrals = () => useInfiniteQuery(pendingReferralsQuery);
export const useReferralHistory = (direction: ReferralDirection) =>
  useInfiniteQuery({ ...referralHistoryQuery(direction), refetchOnMount: refetchOnEveryMount });
export const useReferralSummary = () =>
  useQuery({ ...referralSummaryQuery, refetchOnMount: refetchOnEveryMount });
export const useReferralProposals = () => useQuery(referralProposalsQuery);
export const useReferralEvents = (id: string) => useQuery(referralEventsQuery(id));

/** Every referral change refreshes every referral query (one prefix), the public figures and the week. */
function useReferralMutation<T, R>(send: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: apiKey('/api/referrals') });
      void queryClient.invalidateQueries({ queryKey: apiKey('/api/network/stats') });
      // The member's own week counts their slips.
      void queryClient.invalidateQueries({ queryKey: apiKey('/api/meetings/my-week') });
    },
  });
}

export const useGiveReferral = () =>
  useReferralMutation((body: GiveReferralBody) => api.post<Referral>('/api/referrals/give', body));
export const useReportReferral = () =>
  useReferralMutation((body: ReportReferralBody) => api.post<Referral>('/api/referrals/transactions', body));
export const useDecideReferral = () =>
  useReferralMutation(({ id, status }: ReferralDecision & { id: string }) =>
    api.patch<Referral>(`/api/referrals/${encodeURIComponent(id)}/status`, { status }),
  );
export const useEditReferral = () =>
  useReferralMutation(({ id, ...body }: EditReferralBody & { id: string }) =>
    api.patch<Referral>(`/api/referrals/${encodeURIComponent(id)}`, body),
  );
/** Removes a pending or declined referral (undefined, 204); for an approved one, the removal request (202). */
export const useDeleteReferral = () =>
  useReferralMutation((id: string) =>
    api.delete<{ proposal: ReferralProposal } | undefined>(`/api/referrals/${encodeURIComponent(id)}`),
  );
export const useAnswerProposal = () =>
  useReferralMutation(({ id, decision }: ProposalAnswer & { id: string }) =>
    api.patch<{ referral: Referral | null }>(`/api/referrals/proposals/${encodeURIComponent(id)}`, {
      decision,
    }),
  );
export const useWithdrawProposal = () =>
  useReferralMutation((id: string) =>
    api.delete<{ referral: Referral | null }>(`/api/referrals/proposals/${encodeURIComponent(id)}`),
  );
export const useUpdateCommission = () =>
  useReferralMutation((body: z.input<typeof commissionRateSchema>) =>
    api.put<{ commissionPercent: string }>('/api/profile/commission', body),
  );
