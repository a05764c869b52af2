import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowUp, FollowUpWaiting, RecordFollowUp } from '../../../../domain/visitors/contracts';
import { api } from '../../../lib/api';
import { apiKey, apiUrl } from '../../../lib/query-keys';

export const myFollowUpsQuery = queryOptions({
  queryKey: apiKey('/api/visitors/follow-ups/mine'),
  queryFn: ({ queryKey }) => api.get<FollowUp[]>(apiUrl(queryKey)),
});

export const chapterFollowUpsQuery = queryOptions({
  queryKey: apiKey('/api/visitors/follow-ups'),
  queryFn: ({ queryKey }) => api.get<FollowUp[]>(apiUrl(queryKey)),
});

/** My calls whose day has come, and (leadership) the chapter's overdue ones: the dashboard's badges. */
export const followUpWaitingQuery = queryOptions({
  queryKey: apiKey('/api/visitors/follow-ups/waiting'),
  queryFn: ({ queryKey }) => api.get<FollowUpWaiting>(apiUrl(queryKey)),
});

export const useMyFollowUps = () => useQuery(myFollowUpsQuery);
export const useChapterFollowUps = () => useQuery(chapterFollowUpsQuery);

/** Records a call; the calls, their counts and the visitors (a stage moved) refresh with it. */
export function useRecordFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: RecordFollowUp & { id: string }) =>
      api.post<FollowUp>(`/api/visitors/follow-ups/${encodeURIComponent(id)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKey('/api/visitors') }),
  });
}
