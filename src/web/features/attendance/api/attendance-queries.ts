import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AttendanceBatch,
  AttendanceEdit,
  AttendanceRecord,
  AttendanceSubmission,
  MyAttendanceStats,
} from '../../../../domain/attendance/contracts';
import { MAX_RECORD_PAGE_SIZE } from '../../../../domain/attendance/messages';
import type { Period } from '../../../../domain/periods/periods';
import { api } from '../../../lib/api';
import { fetchAllPages, pagedQuery, READS_EVERY_PAGE } from '../../../lib/paged-query';
import { apiKey, apiUrl } from '../../../lib/query-keys';

/** My attendance card over a period (all time when left out), the period before beside it. */
export const myAttendanceStatsQuery = (period: Period = 'all') =>
  queryOptions({
    queryKey: apiKey('/api/attendance/stats', period === 'all' ? undefined : { period }),
    queryFn: ({ queryKey }) => api.get<MyAttendanceStats>(apiUrl(queryKey)),
    placeholderData: keepPreviousData,
  });

/** One meeting's records by name, a page at a time (the meeting's records). */
export const meetingRecordsQuery = (date: string) =>
  pagedQuery<AttendanceRecord>(apiKey('/api/attendance/records', { date }), 0);

/** Every record of one meeting, read page by page, to correct a saved meeting in the log form. */
export const wholeMeetingQuery = (date: string) =>
  queryOptions({
    queryKey: apiKey('/api/attendance/records', { date, limit: MAX_RECORD_PAGE_SIZE }),
    queryFn: ({ queryKey }) => fetchAllPages<AttendanceRecord>(queryKey),
    meta: { [READS_EVERY_PAGE]: true },
  });

export const useMyAttendanceStats = (period: Period = 'all') => useQuery(myAttendanceStatsQuery(period));
export const useMeetingRecords = (date: string) => useInfiniteQuery(meetingRecordsQuery(date));
export const useWholeMeeting = (date: string, enabled: boolean) =>
  useQuery({ ...wholeMeetingQuery(date), enabled });

function useAttendanceMutation<T, R>(send: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // A meeting's records move its totals in the meetings list too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiKey('/api/attendance') }),
        queryClient.invalidateQueries({ queryKey: apiKey('/api/meetings') }),
      ]),
  });
}

export const useLogAttendance = () =>
  useAttendanceMutation((batch: AttendanceBatch) =>
    api.post<AttendanceSubmission>('/api/attendance/batch', batch),
  );
export const useEditAttendanceRecord = () =>
  useAttendanceMutation(({ id, ...body }: AttendanceEdit & { id: string }) =>
    api.put<AttendanceRecord>(`/api/attendance/records/${encodeURIComponent(id)}`, body),
  );
export const useDeleteAttendanceRecord = () =>
  useAttendanceMutation((id: string) =>
    api.delete<void>(`/api/attendance/records/${encodeURIComponent(id)}`),
  );
