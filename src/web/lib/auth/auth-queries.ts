import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthConfig, AuthUser, SignInBody } from '../../../domain/auth/contracts';
import { SIGNED_IN_HINT_COOKIE } from '../../../domain/auth/signed-in-hint';
import { ApiError, api, clearCsrfToken, getOrNullOn401 } from '../api';
import { apiKey } from '../query-keys';

const hasSignedInHint = () => document.cookie.split('; ').includes(`${SIGNED_IN_HINT_COOKIE}=1`);
const clearSignedInHint = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and older Firefox
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
};

export const currentUserQuery = queryOptions({
  queryKey: apiKey('/api/auth/user'),
  queryFn: async () => {
    // No session was opened in this browser: signed out, without a request (and its 401) on every page.
    if (!hasSignedInHint()) return null;
    try {
      const user = await getOrNullOn401<AuthUser>('/api/auth/user');
      // The session ended (expired or revoked): forget the hint so later pages skip the call.
      if (user === null) clearSignedInHint();
      return user;
    } catch (err) {
      // 401 is signed out (docs/product.md, "Data in the browser"); any other failure ends in a null user, after saying so.
      throw new Error('Failed to fetch user', { cause: err });
    }
  },
  retry: false,
  // After a failure, components that mount later must not fetch again: that was a request loop.
  retryOnMount: false,
});

export const authConfigQuery = queryOptions({
  queryKey: apiKey('/api/auth/config'),
  queryFn: () => api.get<AuthConfig>('/api/auth/config'),
});

/**
 * The signed-in user, or null. A failed fetch (other than 401) ends loading and counts as signed out;
 * `failed` and `retry` let protected screens say so and try again.
 */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    failed: query.isError,
    retry: () => void query.refetch(),
  };
}

export function useAuthConfig() {
  return useQuery(authConfigQuery);
}

/** Written into index.html by the server, so the name is known before any request (no layout shift). */
const nameInPage =
  typeof document === 'undefined'
    ? ''
    : (document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content ?? '');

export function useNetworkName(): string {
  return useAuthConfig().data?.networkName ?? nameInPage;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInBody) => api.post<AuthUser>('/api/auth/signin', body),
    onSuccess: (user) => {
      clearCsrfToken();
      queryClient.setQueryData(currentUserQuery.queryKey, user);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.post('/api/auth/signout');
      } catch (err) {
        // Already signed out on the server is still signed out.
        if (!(err instanceof ApiError && err.status === 401)) throw err;
      }
    },
    onSettled: () => {
      clearCsrfToken();
      clearSignedInHint();
      queryClient.setQueryData(currentUserQuery.queryKey, null);
      // Everything but the auth queries belonged to the signed-in user.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== '/api/auth' });
    },
  });
}
