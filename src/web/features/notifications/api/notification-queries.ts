import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  EmailPreferenceInput,
  EmailPreferences,
  MarkRead,
  NotificationList,
} from '../../../../domain/notifications/contracts';
import { api } from '../../../lib/api';
import { pageUrl } from '../../../lib/paged-query';
import { apiKey, apiUrl } from '../../../lib/query-keys';

/** The bell refreshes every minute while the tab is visible (TanStack pauses intervals in the background). */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

/** The newest page first; "Show older" reads the page after the last one loaded. */
export const notificationsQuery = infiniteQueryOptions({
  queryKey: apiKey('/api/notifications'),
  queryFn: ({ queryKey, pageParam }) => api.get<NotificationList>(pageUrl(queryKey, pageParam)),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
  staleTime: 15_000,
  refetchInterval: NOTIFICATIONS_REFRESH_MS,
  refetchIntervalInBackground: false,
});

export const useNotifications = () => useInfiniteQuery(notificationsQuery);

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkRead) => api.post<{ unread: number }>('/api/notifications/read', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}

const preferencesKey = apiKey('/api/notifications/preferences');

export const emailPreferencesQuery = queryOptions({
  queryKey: preferencesKey,
  queryFn: ({ queryKey }) => api.get<EmailPreferences>(apiUrl(queryKey)),
});

export const useEmailPreferences = () => useQuery(emailPreferencesQuery);

export function useSetEmailPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailPreferenceInput) =>
      api.put<EmailPreferences>('/api/notifications/preferences', body),
    onSuccess: (data) => queryClient.setQueryData(preferencesKey, data),
  });
}
