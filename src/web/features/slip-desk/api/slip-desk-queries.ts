import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeskSetting,
  SlipBatchInput,
  SlipBatchSaved,
  SlipDesk,
} from '../../../../domain/slip-desk/contracts';
import { api } from '../../../lib/api';
import { apiKey, apiUrl } from '../../../lib/query-keys';

const deskUrl = (meetingId: string): `/api/${string}` =>
  `/api/meetings/${encodeURIComponent(meetingId)}/slips`;

export const slipDeskQuery = (meetingId: string) =>
  queryOptions({
    queryKey: apiKey(deskUrl(meetingId)),
    queryFn: ({ queryKey }) => api.get<SlipDesk>(apiUrl(queryKey)),
  });
export const useSlipDesk = (meetingId: string) => useQuery(slipDeskQuery(meetingId));

/** Slips move every figure and list they are part of: those are refreshed once saved. */
const MOVED = [
  '/api/meetings',
  '/api/referrals',
  '/api/one-to-ones',
  '/api/education-units',
  '/api/testimonials',
  '/api/visitors',
  '/api/notifications',
] as const;

export function useSaveSlips(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SlipBatchInput) => api.post<SlipBatchSaved>(deskUrl(meetingId), body),
    onSuccess: () => {
      for (const path of MOVED) void queryClient.invalidateQueries({ queryKey: apiKey(path) });
    },
  });
}

export function useChangeDeskSetting(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeskSetting) => api.put<DeskSetting>('/api/slips-desk/setting', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slipDeskQuery(meetingId).queryKey }),
  });
}
