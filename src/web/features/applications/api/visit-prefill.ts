import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { VisitorApplyPrefill } from '../../../../domain/visitors/contracts';
import { api } from '../../../lib/api';
import { apiKey, apiUrl } from '../../../lib/query-keys';

/** The visitor's "Apply" link's token, kept across the sign-in it leads through, until the application is sent. */
const VISIT_TOKEN_KEY = 'apply-visit';

export const visitPrefillQuery = (token: string) =>
  queryOptions({
    queryKey: [...apiKey('/api/visitors/apply'), token],
    queryFn: ({ queryKey }) => api.get<VisitorApplyPrefill>(apiUrl(queryKey)),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/**
 * The details a visitor gave us, when they came from their thank-you email's "Apply" link (`?visit=`): read
 * once they are signed in. The token stays in this browser until `forget` (the application was sent).
 */
export function useVisitPrefill(signedIn: boolean) {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    const fromLink = new URLSearchParams(window.location.search).get('visit');
    if (fromLink) localStorage.setItem(VISIT_TOKEN_KEY, fromLink);
    setToken(fromLink ?? localStorage.getItem(VISIT_TOKEN_KEY));
  }, []);
  const prefill = useQuery({ ...visitPrefillQuery(token ?? ''), enabled: signedIn && Boolean(token) });
  const forget = () => {
    localStorage.removeItem(VISIT_TOKEN_KEY);
    setToken(null);
  };
  return { token: prefill.data ? token : null, prefill: prefill.data, forget };
}
