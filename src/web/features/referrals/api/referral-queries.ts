import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { CACHE_SECONDS } from '../../../../domain/network/constants';
import type {
  commissionRateSchema,
  EditReferralBody,
  GiveReferralBody,
  Referral,
  ReferralDecision,
  ReferralEvent,
  ReferralMetrics,
  ReportReferralBody,
} from '../../../../domain/referrals/contracts';
import { api } from '../../../lib/api';
import { apiKey, apiUrl } from '../../../lib/query-keys';

export const referralMetricsQuery = queryOptions({
  queryKey: apiKey('/api/referrals/metrics'),
  queryFn: ({ queryKey }) => api.get<ReferralMetrics>(apiUrl(queryKey)),
});

export const pendingReferralsQuery = queryOptions({
  queryKey: apiKey('/api/referrals/pending'),
  queryFn: ({ queryKey }) => api.get<Referral[]>(apiUrl(queryKey)),
  staleTime: CACHE_SECONDS.pendingReferrals * 1000,
});

/** The history is refetched on every mount (spec section 7: no caching). */
export const referralHistoryQuery = queryOptions({
  queryKey: apiKey('/api/referrals/transactions'),
  queryFn: ({ queryKey }) => api.get<Referral[]>(apiUrl(queryKey)),
  staleTime: 0,
});

export const referralEventsQuery = (id: string) =>
  queryOptions({
    queryKey: [...apiKey('/api/referrals'), id, 'history'],
    queryFn: ({ queryKey }) => api.get<ReferralEvent[]>(apiUrl(queryKey)),
    staleTime: 0,
  });

export const useReferralMetrics = () => useQuery(referralMetricsQuery);
export const usePendingReferrals = () => useQuery(pendingReferralsQuery);
export const useReferralHistory = () => useQuery({ ...referralHistoryQuery, refetchOnMount: 'always' });
export const useReferralEvents = (id: string) => useQuery(referralEventsQuery(id));

/** Every referral change refreshes every referral query (one prefix), and the public figures. */
function useReferralMutation<T, R>(send: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: apiKey('/api/referrals') });
      void queryClient.invalidateQueries({ queryKey: apiKey('/api/network/stats') });
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
export const useDeleteReferral = () =>
  useReferralMutation((id: string) => api.delete<void>(`/api/referrals/${encodeURIComponent(id)}`));
export const useUpdateCommission = () =>
  useReferralMutation((body: z.input<typeof commissionRateSchema>) =>
    api.put<{ commissionPercent: string }>('/api/profile/commission', body),
  );
