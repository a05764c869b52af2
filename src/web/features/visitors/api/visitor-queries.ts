import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InviteVisitor,
  MemberVisitMeetings,
  Visitor,
  VisitorHostChoice,
  VisitPage,
  VisitRegistration,
} from '../../../../domain/visitors/contracts';
import { api } from '../../../lib/api';
import { apiKey, apiUrl } from '../../../lib/query-keys';

/** A chapter's visit page: its next meetings, its members and a fresh form token (never reused from a cache). */
export const visitPageQuery = (slug: string) =>
  queryOptions({
    queryKey: apiKey(`/api/visit/${slug}`),
    queryFn: ({ queryKey }) => api.get<VisitPage>(apiUrl(queryKey)),
    retry: false,
  });

export const myVisitorsQuery = queryOptions({
  queryKey: apiKey('/api/visitors/mine'),
  queryFn: ({ queryKey }) => api.get<Visitor[]>(apiUrl(queryKey)),
});

export const useVisitPage = (slug: string) => useQuery(visitPageQuery(slug));
export const useMyVisitors = () => useQuery(myVisitorsQuery);

export function useRegisterVisit(slug: string) {
  return useMutation({
    mutationFn: (body: VisitRegistration) =>
      api.post<{ message: string }>(`/api/visit/${encodeURIComponent(slug)}`, body),
  });
}

export function useInviteVisitor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteVisitor) => api.post<{ id: string }>('/api/visitors', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKey('/api/visitors') }),
  });
}

export function useDeleteVisitor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/visitors/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKey('/api/visitors') }),
  });
}

/** The upcoming meetings of the member's chapter, to invite someone to. */
export const memberVisitMeetingsQuery = queryOptions({
  queryKey: apiKey('/api/visitors/meetings'),
  queryFn: ({ queryKey }) => api.get<MemberVisitMeetings>(apiUrl(queryKey)),
});
export const useMemberVisitMeetings = (enabled: boolean) =>
  useQuery({ ...memberVisitMeetingsQuery, enabled });

export function useSetVisitorHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, host }: { memberId: string; host: boolean }) =>
      api.put<null>(`/api/visitors/hosts/${encodeURIComponent(memberId)}`, { host }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKey('/api/visitors/hosts') }),
  });
}

export const visitorHostsQuery = queryOptions({
  queryKey: apiKey('/api/visitors/hosts'),
  queryFn: ({ queryKey }) => api.get<VisitorHostChoice[]>(apiUrl(queryKey)),
});
export const useVisitorHosts = () => useQuery(visitorHostsQuery);
