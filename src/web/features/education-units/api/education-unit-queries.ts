import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EducationUnit,
  EducationUnitPage,
  RecordEducationUnitInput,
  RecordMeetingEducationInput,
} from '../../../../domain/education-units/contracts';
import { api } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paged-query';
import { apiKey } from '../../../lib/query-keys';

/** Mine, newest first, a page at a time; each page carries this month's and the six months' counts. */
export const educationUnitsQuery = pagedQuery<EducationUnit>(apiKey('/api/education-units'), 0);
export const useEducationUnits = () => useInfiniteQuery(educationUnitsQuery);

/** A unit changes my list, my counts and any PALMS report it is dated in. */
function useUnitMutation<T, R>(send: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: apiKey('/api/education-units') });
      void queryClient.invalidateQueries({ queryKey: apiKey('/api/meetings') });
    },
  });
}

export const useRecordEducationUnit = () =>
  useUnitMutation((body: RecordEducationUnitInput) => api.post<EducationUnit>('/api/education-units', body));
export const useRemoveEducationUnit = () =>
  useUnitMutation((id: string) => api.delete<undefined>(`/api/education-units/${encodeURIComponent(id)}`));
export const useRecordMeetingEducation = (meetingId: string) =>
  useUnitMutation((body: RecordMeetingEducationInput) =>
    api.post<{ recorded: number; present: number }>(
      `/api/meetings/${encodeURIComponent(meetingId)}/education-units`,
      body,
    ),
  );

export type { EducationUnitPage };
