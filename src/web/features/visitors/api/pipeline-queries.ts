import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Visitor,
  VisitorBoard,
  VisitorDetail,
  VisitorFunnel,
} from '../../../../domain/visitors/contracts';
import type { VisitorStage } from '../../../../domain/visitors/status';
import { api } from '../../../lib/api';
import { apiKey, apiUrl } from '../../../lib/query-keys';

export const visitorBoardQuery = queryOptions({
  queryKey: apiKey('/api/visitors/board'),
  queryFn: ({ queryKey }) => api.get<VisitorBoard>(apiUrl(queryKey)),
});

export const stageVisitorsQuery = (stage: VisitorStage) =>
  queryOptions({
    queryKey: apiKey('/api/visitors', { stage }),
    queryFn: ({ queryKey }) => api.get<Visitor[]>(apiUrl(queryKey)),
  });

export const visitorDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...apiKey('/api/visitors'), id],
    queryFn: ({ queryKey }) => api.get<VisitorDetail>(apiUrl(queryKey)),
  });

export const visitorFunnelQuery = (quarter: string) =>
  queryOptions({
    queryKey: apiKey('/api/visitors/funnel', { quarter }),
    queryFn: ({ queryKey }) => api.get<VisitorFunnel>(apiUrl(queryKey)),
    placeholderData: (previous) => previous,
  });

export const useVisitorBoard = () => useQuery(visitorBoardQuery);
export const useStageVisitors = (stage: VisitorStage, enabled: boolean) =>
  useQuery({ ...stageVisitorsQuery(stage), enabled });
export const useVisitorDetail = (id: string) => useQuery(visitorDetailQuery(id));
export const useVisitorFunnel = (quarter: string) => useQuery(visitorFunnelQuery(quarter));

/** Every visitor write refreshes every visitor read (one key prefix). */
function useVisitorWrite<T>(send: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKey('/api/visitors') }),
  });
}

export const useMarkNotAFit = () =>
  useVisitorWrite(({ id, reason }: { id: string; reason: string }) =>
    api.post<null>(`/api/visitors/${encodeURIComponent(id)}/not-a-fit`, { reason }),
  );

export const useCorrectCredit = () =>
  useVisitorWrite(({ visitId, memberId }: { visitId: string; memberId: string | null }) =>
    api.put<null>(`/api/visitors/visits/${encodeURIComponent(visitId)}/credit`, { memberId }),
  );

export const useSetPresident = () =>
  useVisitorWrite((memberId: string | null) => api.put<null>('/api/visitors/president', { memberId }));
