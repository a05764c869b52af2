import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AttendanceBatch,
  AttendanceEdit,
  AttendanceRecord,
  AttendanceStats,
  AttendanceSubmission,
} from '../../../../domain/attendance/contracts';
import { api } from '../../../lib/api';
import { apiKey, apiUrl } from '../../../lib/query-keys';

export const myAttendanceStatsQuery = queryOptions({
  queryKey: apiKey('/api/attendance/stats'),
  queryFn: ({ queryKey }) => api.get<AttendanceStats>(apiUrl(queryKey)),
});

export const attendanceSubmissionsQuery = queryOptions({
  queryKey: apiKey('/api/attendance/records'),
  queryFn: ({ queryKey }) => api.get<AttendanceSubmission[]>(apiUrl(queryKey)),
});

export const useMyAttendanceStats = () => useQuery(myAttendanceStatsQuery);
export const useAttendanceSubmissions = () => useQuery(attendanceSubmissionsQuery);

function useAttendanceMutation<T, R>(send: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKey('/api/attendance') }),
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
