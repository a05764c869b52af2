import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AwayNoticeInput,
  CreateMeetingInput,
  Meeting,
  MeetingDetail,
  MyMeetings,
  UpdateMeetingInput,
} from '../../../../domain/attendance/meetings';
import { api } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paged-query';
import { apiKey, apiUrl } from '../../../lib/query-keys';

export type MeetingView = 'upcoming' | 'past';

/** The chapter's meetings: upcoming soonest first, past newest first, a page at a time. */
// The weeks to do stay few (a month ahead and any not yet closed): one page of up to 50 holds them.
export const meetingListQuery = (view: MeetingView) =>
  pagedQuery<Meeting>(apiKey('/api/meetings', view === 'upcoming' ? { view, limit: 50 } : { view }), 0);

export const meetingDetailQuery = (id: string) =>
  queryOptions({
    queryKey: apiKey(`/api/meetings/${id}`),
    queryFn: ({ queryKey }) => api.get<MeetingDetail>(apiUrl(queryKey)),
  });

/** My next meetings with my "I'll be away" on each. */
export const myMeetingsQuery = queryOptions({
  queryKey: apiKey('/api/meetings/mine'),
  queryFn: ({ queryKey }) => api.get<MyMeetings>(apiUrl(queryKey)),
});

export const useMeetingList = (view: MeetingView) => useInfiniteQuery(meetingListQuery(view));
export const useMeetingDetail = (id: string | undefined) =>
  useQuery({ ...meetingDetailQuery(id ?? ''), enabled: Boolean(id) });
export const useMyMeetings = () => useQuery(myMeetingsQuery);

/** A change to a meeting refreshes the meetings and the attendance figures it moves. */
function useMeetingMutation<T, R>(send: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiKey('/api/meetings') }),
        queryClient.invalidateQueries({ queryKey: apiKey('/api/attendance') }),
      ]),
  });
}

/** The meeting's place in the dashboard's Attendance tab (the pages around it link back there). */
export const meetingInDashboard = (id: string) =>
  `/dashboard?tab=attendance&meeting=${encodeURIComponent(id)}`;

export const meetingUrl = (id: string, step?: string): `/api/${string}` =>
  `/api/meetings/${encodeURIComponent(id)}${step ? `/${step}` : ''}`;

export const useOpenMeeting = () =>
  useMeetingMutation((id: string) => api.post<MeetingDetail>(meetingUrl(id, 'open'), {}));
export const useCloseMeeting = () =>
  useMeetingMutation((id: string) => api.post<MeetingDetail>(meetingUrl(id, 'close'), {}));
export const useReopenMeeting = () =>
  useMeetingMutation(({ id, reason }: { id: string; reason: string }) =>
    api.post<MeetingDetail>(meetingUrl(id, 'reopen'), { reason }),
  );
export const useUpdateMeeting = () =>
  useMeetingMutation(({ id, ...change }: UpdateMeetingInput & { id: string }) =>
    api.patch<MeetingDetail>(meetingUrl(id), change),
  );
export const useCreateMeeting = () =>
  useMeetingMutation((input: CreateMeetingInput) => api.post<MeetingDetail>('/api/meetings', input));
export const useGiveAwayNotice = () =>
  useMeetingMutation((input: AwayNoticeInput) => api.post<MyMeetings>('/api/meetings/away', input));
export const useWithdrawAwayNotice = () =>
  useMeetingMutation((date: string) =>
    api.delete<MyMeetings>(`/api/meetings/away/${encodeURIComponent(date)}`),
  );
