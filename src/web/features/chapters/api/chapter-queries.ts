import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChapterChangeInput, ChapterList, ChapterMember } from '../../../../domain/chapters/contracts';
import type { AgencyOverview } from '../../../../domain/chapters/overview';
import { api } from '../../../lib/api';
import { apiKey, apiUrl } from '../../../lib/query-keys';

/** Every chapter with its settings and administrators (agency administrators only). */
export const chaptersQuery = queryOptions({
  queryKey: apiKey('/api/chapters'),
  queryFn: ({ queryKey }) => api.get<ChapterList>(apiUrl(queryKey)),
});

export const useChapters = (enabled = true) => useQuery({ ...chaptersQuery, enabled });

/** Every write answers the whole list: it replaces the cached one, and the roster and overview refresh. */
function useChapterWrite<V>(write: (variables: V) => Promise<ChapterList>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (list) => {
      queryClient.setQueryData(chaptersQuery.queryKey, list);
      void refreshChapterFigures(queryClient);
      // Each chapter's member pickers (their roles) read again; the list itself was just replaced.
      void queryClient.invalidateQueries({
        queryKey: chaptersQuery.queryKey,
        predicate: (q) => q.queryKey.length > 1,
      });
    },
  });
}

export function refreshChapterFigures(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: apiKey('/api/agency') }),
    queryClient.invalidateQueries({ queryKey: apiKey('/api/users') }),
  ]);
}

export const useCreateChapter = () =>
  useChapterWrite((input: ChapterChangeInput & { name: string }) =>
    api.post<ChapterList>('/api/chapters', input),
  );

export const useUpdateChapter = () =>
  useChapterWrite(({ id, change }: { id: string; change: ChapterChangeInput }) =>
    api.patch<ChapterList>(`/api/chapters/${id}`, change),
  );

export const useSetChapterAdmin = () =>
  useChapterWrite(({ chapterId, userId, on }: { chapterId: string; userId: string; on: boolean }) =>
    on
      ? api.post<ChapterList>(`/api/chapters/${chapterId}/admins`, { userId })
      : api.delete<ChapterList>(`/api/chapters/${chapterId}/admins/${userId}`),
  );

export function useMoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, chapterId }: { userId: string; chapterId: string }) =>
      api.post<{ chapterId: string; industryCleared: boolean }>(`/api/users/${userId}/chapter`, {
        chapterId,
      }),
    onSuccess: () =>
      Promise.all([
        refreshChapterFigures(queryClient),
        queryClient.invalidateQueries({ queryKey: chaptersQuery.queryKey }),
      ]),
  });
}

/** A chapter's members (guests aside), for the administrator and move pickers. */
export const useChapterMembers = (chapterId: string | null) =>
  useQuery({
    queryKey: apiKey(`/api/chapters/${chapterId ?? ''}/members`),
    queryFn: ({ queryKey }) => api.get<ChapterMember[]>(apiUrl(queryKey)),
    enabled: Boolean(chapterId),
  });

/** Every chapter side by side. */
export const useAgencyOverview = () =>
  useQuery({
    queryKey: apiKey('/api/agency/overview'),
    queryFn: ({ queryKey }) => api.get<AgencyOverview>(apiUrl(queryKey)),
  });
