import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyWeek, WeekReport } from '../../../../domain/attendance/week-report';
import { api } from '../../../lib/api';
import { refetchOnEveryMount } from '../../../lib/painted-answers';
import { apiKey, apiUrl } from '../../../lib/query-keys';
import { meetingUrl } from './meeting-queries';

/** A closed meeting's PALMS report; under the meeting's key, so its changes refresh it. */
export const weekReportQuery = (id: string) =>
  queryOptions({
    queryKey: apiKey(meetingUrl(id, 'report')),
    queryFn: ({ queryKey }) => api.get<WeekReport>(apiUrl(queryKey)),
  });

/** The member's own week. */
export const myWeekQuery = queryOptions({
  queryKey: apiKey('/api/meetings/my-week'),
  queryFn: ({ queryKey }) => api.get<MyWeek>(apiUrl(queryKey)),
});

export const useWeekReport = (id: string) => useQuery(weekReportQuery(id));
export const useMyWeek = () => useQuery({ ...myWeekQuery, refetchOnMount: refetchOnEveryMount });
