import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { actingChapter, setActingChapter } from '../../lib/acting-chapter';

/** What the cache holds for one chapter: everything but who is signed in and the chapter list itself. */
const forgetChapterData = (queryClient: QueryClient) =>
  queryClient.removeQueries({
    predicate: (q) => q.queryKey[0] !== '/api/auth' && q.queryKey[0] !== '/api/chapters',
  });

/**
 * Keeps the API client acting in `slug` (the dashboard URL's `?chapter=`) while the dashboard is open. It is
 * set before the tabs render, so their first requests already carry it; the dashboard remounts its tabs per
 * chapter (a key), and another chapter's cached answers are dropped, so nothing of one chapter shows in another.
 */
export function useActingChapter(slug: string | null): void {
  const queryClient = useQueryClient();
  const latest = useRef(slug);
  latest.current = slug;
  if (actingChapter() !== slug) {
    setActingChapter(slug);
    forgetChapterData(queryClient);
  }
  useEffect(() => {
    setActingChapter(latest.current);
    return () => {
      // Leaving the dashboard: the rest of the site is the member's own chapter again.
      if (actingChapter() === null) return;
      setActingChapter(null);
      forgetChapterData(queryClient);
    };
  }, [queryClient]);
}
