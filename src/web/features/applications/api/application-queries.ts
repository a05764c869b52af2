import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplicationFull,
  ApplicationPayload,
  ApplicationView,
  ReviewerApplicationList,
  StatusUpdate,
  StatusUpdateResult,
} from '../../../../domain/applications/contracts';
import type { WaitingCount } from '../../../../domain/notifications/contracts';
import { api } from '../../../lib/api';
import { currentUserQuery } from '../../../lib/auth/auth-queries';
import { apiKey, apiUrl } from '../../../lib/query-keys';
import { membersQuery } from '../../directory';

export const myApplicationsQuery = queryOptions({
  queryKey: apiKey('/api/applications/my'),
  queryFn: () => api.get<ApplicationFull[]>('/api/applications/my'),
});

export const reviewerApplicationsQuery = (page: number) =>
  queryOptions({
    queryKey: apiKey('/api/applications', { page }),
    queryFn: ({ queryKey }) => api.get<ReviewerApplicationList>(apiUrl(queryKey)),
    placeholderData: (previous) => previous,
  });

/** How many applications wait for a first look (reviewers: the Applications tab's badge). */
export const pendingApplicationsCountQuery = queryOptions({
  queryKey: apiKey('/api/applications/pending-count'),
  queryFn: ({ queryKey }) => api.get<WaitingCount>(apiUrl(queryKey)),
});

export const applicationQuery = (id: string) =>
  queryOptions({
    queryKey: [...apiKey('/api/applications'), id],
    queryFn: ({ queryKey }) => api.get<ApplicationView>(apiUrl(queryKey)),
  });

export const useMyApplications = (enabled = true) => useQuery({ ...myApplicationsQuery, enabled });
export const useReviewerApplications = (page: number) => useQuery(reviewerApplicationsQuery(page));
export const useApplication = (id: string) => useQuery(applicationQuery(id));

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ApplicationPayload) => api.post<ApplicationFull>('/api/applications', payload),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: myApplicationsQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    },
  });
}

export function useUpdateApplicationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: StatusUpdate & { id: string }) =>
      api.put<StatusUpdateResult>(`/api/applications/${encodeURIComponent(id)}/status`, body),
    onSuccess: () => {
      // Prefix match refreshes the list and every cached detail; approval also changes the directory.
      void queryClient.invalidateQueries({ queryKey: apiKey('/api/applications') });
      void queryClient.invalidateQueries({ queryKey: membersQuery.queryKey });
    },
  });
}
