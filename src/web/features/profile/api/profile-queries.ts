import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityColor } from '../../../../domain/activity/kinds';
import { CACHE_SECONDS } from '../../../../domain/network/constants';
import type { MyProfile, ProfileForm } from '../../../../domain/profile/contracts';
import { api } from '../../../lib/api';
import { apiKey, apiUrl } from '../../../lib/query-keys';

export interface ActivityItem {
  id: string;
  description: string;
  timeAgo: string;
  color: ActivityColor;
}

export const myProfileQuery = queryOptions({
  queryKey: apiKey('/api/profile'),
  queryFn: ({ queryKey }) => api.get<MyProfile>(apiUrl(queryKey)),
});

export const recentActivityQuery = queryOptions({
  queryKey: apiKey('/api/activity/recent'),
  queryFn: ({ queryKey }) => api.get<ActivityItem[]>(apiUrl(queryKey)),
  staleTime: CACHE_SECONDS.recentActivity * 1000,
});

export const useMyProfile = () => useQuery(myProfileQuery);
export const useRecentActivity = (enabled: boolean) => useQuery({ ...recentActivityQuery, enabled });

/** Saving changes the profile, the public directory and possibly my name in the header. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileForm) => api.put<MyProfile>('/api/profile', body),
    onSuccess: (profile) => {
      queryClient.setQueryData(myProfileQuery.queryKey, profile);
      refreshMyProfile(queryClient);
    },
  });
}

/** The three picture calls: an upload URL, the bytes, then the picture (docs/product.md). */
export function useUploadPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const { uploadURL } = await api.post<{ uploadURL: string }>('/api/profile/upload-url', {
        filename: file.name,
        contentType: file.type,
      });
      await api.putFile(uploadURL, file);
      return api.put<{ profileImageUrl: string | null }>('/api/profile/image', { imageUrl: uploadURL });
    },
    onSettled: () => refreshMyProfile(queryClient),
  });
}

export function useRemovePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>('/api/profile/image'),
    onSettled: () => refreshMyProfile(queryClient),
  });
}

/** After my profile or picture changes: my profile, who I am (the header) and the directory. */
function refreshMyProfile(queryClient: ReturnType<typeof useQueryClient>) {
  for (const root of ['/api/profile', '/api/auth', '/api/members'] as const)
    void queryClient.invalidateQueries({ queryKey: apiKey(root) });
}
