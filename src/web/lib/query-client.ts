import { QueryClient } from '@tanstack/react-query';
import { api } from './api';
import { apiUrl } from './query-keys';

/** docs/product.md, "Data in the browser": queries never go stale, never retry and never refetch on focus unless stated. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
        refetchOnWindowFocus: false,
        queryFn: ({ queryKey }) => api.get(apiUrl(queryKey)),
      },
      mutations: { retry: false },
    },
  });
}
