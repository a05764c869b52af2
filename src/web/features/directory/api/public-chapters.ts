import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicChapter, PublicChapterDetail } from '../../../../domain/chapters/contracts';
import { CACHE_SECONDS } from '../../../../domain/network/constants';
import { api } from '../../../lib/api';
import { apiKey, apiUrl } from '../../../lib/query-keys';

// Kept apart from the directory's queries: the layout (every page's entry) reads whether there are several.
const STALE_MS = CACHE_SECONDS.industriesPublic * 1000;

/** Every chapter as a visitor sees it; with one chapter the site links none of it. */
export const publicChaptersQuery = queryOptions({
  queryKey: apiKey('/api/chapters/public'),
  queryFn: ({ queryKey }) => api.get<PublicChapter[]>(apiUrl(queryKey)),
  staleTime: STALE_MS,
});

export const publicChapterQuery = (slug: string) =>
  queryOptions({
    queryKey: apiKey(`/api/chapters/public/${slug}`),
    queryFn: ({ queryKey }) => api.get<PublicChapterDetail>(apiUrl(queryKey)),
    staleTime: STALE_MS,
    retry: false,
  });

export const usePublicChapters = () => useQuery(publicChaptersQuery);
export const usePublicChapter = (slug: string) => useQuery(publicChapterQuery(slug));
/** The chapters when there are several, else null: what decides whether chapters show anywhere. */
export function useSeveralChapters() {
  const chapters = usePublicChapters();
  return chapters.data && chapters.data.length > 1 ? chapters.data : null;
}
