import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Booking,
  BookOneToOneInput,
  EditOneToOneInput,
  LogOneToOneInput,
  OneToOne,
  OneToOneProposal,
  OneToOneSummary,
  Suggestion,
} from '../../../../domain/one-to-ones/contracts';
import { api } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paged-query';
import { apiKey, apiUrl } from '../../../lib/query-keys';

/** Held one-to-ones this month, over the six-month window, and in all. */
export const oneToOneSummaryQuery = queryOptions({
  queryKey: apiKey('/api/one-to-ones/summary'),
  queryFn: ({ queryKey }) => api.get<OneToOneSummary>(apiUrl(queryKey)),
  staleTime: 0,
});

/** Mine, newest first, a page at a time. */
export const oneToOnesQuery = pagedQuery<OneToOne>(apiKey('/api/one-to-ones'), 0);

/** "Who should I meet?": members of my chapter not met in the six-month window. */
export const suggestionsQuery = queryOptions({
  queryKey: apiKey('/api/one-to-ones/suggestions'),
  queryFn: ({ queryKey }) => api.get<{ items: Suggestion[] }>(apiUrl(queryKey)),
  staleTime: 0,
});

/** Upcoming bookings, and past ones the booker has not yet said happened or not. */
export const bookingsQuery = queryOptions({
  queryKey: apiKey('/api/one-to-ones/bookings'),
  queryFn: ({ queryKey }) => api.get<{ items: Booking[] }>(apiUrl(queryKey)),
  staleTime: 0,
});

export const useOneToOneSummary = () => useQuery(oneToOneSummaryQuery);
export const useOneToOnes = () => useInfiniteQuery(oneToOnesQuery);
export const useSuggestions = () => useQuery(suggestionsQuery);
export const useBookings = () => useQuery(bookingsQuery);

/** Every one-to-one change refreshes every one-to-one read (one prefix) and the member's week. */
function useOneToOneMutation<T, R>(send: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: apiKey('/api/one-to-ones') });
      void queryClient.invalidateQueries({ queryKey: apiKey('/api/meetings/my-week') });
    },
  });
}

export const useLogOneToOne = () =>
  useOneToOneMutation((body: LogOneToOneInput) => api.post<OneToOne>('/api/one-to-ones', body));
export const useDisputeOneToOne = () =>
  useOneToOneMutation(({ id, note }: { id: string; note: string }) =>
    api.post<OneToOne>(`/api/one-to-ones/${encodeURIComponent(id)}/dispute`, { note }),
  );
export const useBookOneToOne = () =>
  useOneToOneMutation((body: BookOneToOneInput) => api.post<Booking>('/api/one-to-ones/bookings', body));
export const useCancelBooking = () =>
  useOneToOneMutation((id: string) =>
    api.delete<Booking>(`/api/one-to-ones/bookings/${encodeURIComponent(id)}`),
  );
export const useBookingOutcome = () =>
  useOneToOneMutation(({ id, happened }: { id: string; happened: boolean }) =>
    api.post<Booking>(`/api/one-to-ones/bookings/${encodeURIComponent(id)}/outcome`, { happened }),
  );
export const useEditOneToOne = () =>
  useOneToOneMutation(({ id, ...body }: EditOneToOneInput & { id: string }) =>
    api.patch<OneToOne>(`/api/one-to-ones/${encodeURIComponent(id)}`, body),
  );
/** Removed at once (undefined, 204), or, once its week is closed, the removal request (202). */
export const useDeleteOneToOne = () =>
  useOneToOneMutation((id: string) =>
    api.delete<{ proposal: OneToOneProposal } | undefined>(`/api/one-to-ones/${encodeURIComponent(id)}`),
  );
export const useAnswerOneToOneProposal = () =>
  useOneToOneMutation(({ id, decision }: { id: string; decision: 'accepted' | 'declined' }) =>
    api.patch<{ oneToOne: OneToOne | null }>(`/api/one-to-ones/proposals/${encodeURIComponent(id)}`, {
      decision,
    }),
  );
export const useWithdrawOneToOneProposal = () =>
  useOneToOneMutation((id: string) =>
    api.delete<{ oneToOne: OneToOne | null }>(`/api/one-to-ones/proposals/${encodeURIComponent(id)}`),
  );
