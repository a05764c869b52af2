import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgendaSegment, AgendaState } from '../../../../domain/attendance/agenda';
import type {
  DoorView,
  MeetingCodes,
  RoomView,
  SelfCheckInView,
} from '../../../../domain/attendance/check-in';
import { api } from '../../../lib/api';
import { apiKey, apiUrl } from '../../../lib/query-keys';
import { meetingUrl } from './meeting-queries';

/** The roster at the door; read again every 15 s so taps from a second phone show up. */
export const doorQuery = (id: string) =>
  queryOptions({
    queryKey: apiKey(meetingUrl(id, 'door')),
    queryFn: ({ queryKey }) => api.get<DoorView>(apiUrl(queryKey)),
    refetchInterval: 15_000,
  });

/** The room's QR code and display link; a fresh code every hour, well inside its three hours. */
export const meetingCodesQuery = (id: string) =>
  queryOptions({
    queryKey: apiKey(meetingUrl(id, 'codes')),
    queryFn: ({ queryKey }) => api.get<MeetingCodes>(apiUrl(queryKey)),
    staleTime: 30 * 60_000,
    refetchInterval: 60 * 60_000,
  });

export const agendaTemplateQuery = queryOptions({
  queryKey: apiKey('/api/meetings/agenda'),
  queryFn: ({ queryKey }) => api.get<{ agenda: AgendaSegment[] }>(apiUrl(queryKey)),
});

const checkInPath = (token: string): `/api/${string}` => `/api/check-in/${encodeURIComponent(token)}`;

export const selfCheckInQuery = (token: string) =>
  queryOptions({
    queryKey: apiKey(checkInPath(token)),
    queryFn: ({ queryKey }) => api.get<SelfCheckInView>(apiUrl(queryKey)),
    retry: false,
  });

/** The room's screen: the timer, read every 3 s (the countdown ticks on its own in between). */
export const roomQuery = (token: string) =>
  queryOptions({
    queryKey: apiKey(`/api/room/${encodeURIComponent(token)}`),
    queryFn: ({ queryKey }) => api.get<RoomView>(apiUrl(queryKey)),
    refetchInterval: 3_000,
    retry: false,
  });

export const useDoor = (id: string) => useQuery(doorQuery(id));
export const useMeetingCodes = (id: string, enabled: boolean) =>
  useQuery({ ...meetingCodesQuery(id), enabled });
export const useAgendaTemplate = (enabled: boolean) => useQuery({ ...agendaTemplateQuery, enabled });
export const useSelfCheckInView = (token: string, enabled: boolean) =>
  useQuery({ ...selfCheckInQuery(token), enabled });
export const useRoom = (token: string) => useQuery(roomQuery(token));

/** Start, next, back or stop: the door's timer shows the answer at once. */
export function useRunAgenda(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'start' | 'next' | 'back' | 'stop') =>
      api.post<AgendaState>(meetingUrl(id, 'agenda'), { action }),
    onSuccess: (agenda) =>
      queryClient.setQueryData(doorQuery(id).queryKey, (door) => (door ? { ...door, agenda } : door)),
  });
}

export function useSaveAgendaTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agenda: AgendaSegment[]) =>
      api.put<{ agenda: AgendaSegment[] }>('/api/meetings/agenda', { agenda }),
    onSuccess: (saved) => queryClient.setQueryData(agendaTemplateQuery.queryKey, saved),
  });
}

export function useSelfCheckIn(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SelfCheckInView>(checkInPath(token), {}),
    onSuccess: (view) => queryClient.setQueryData(selfCheckInQuery(token).queryKey, view),
  });
}
