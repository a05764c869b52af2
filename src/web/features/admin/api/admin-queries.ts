import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditPage } from '../../../../domain/admin/audit';
import type {
  AdminUser,
  AttendanceLimit,
  Industry,
  IndustryInput,
  UserEdit,
  UserListQuery,
  UserPage,
} from '../../../../domain/admin/contracts';
import { api } from '../../../lib/api';
import { apiKey, apiUrl } from '../../../lib/query-keys';

export interface NetworkSettings {
  defaultAnnualDues: string | null;
  effectiveDefaultDues: string;
}
export interface DuesStats {
  members: number;
  withOverride: number;
  withoutOverride: number;
  withOverridePercent: number;
  withoutOverridePercent: number;
}

/** The roster's query string: only what differs from the server's defaults. */
export function rosterParams(query: Partial<UserListQuery>): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.q?.trim()) params.q = query.q.trim();
  if (query.role) params.role = query.role;
  if (query.industry) params.industry = query.industry;
  if (query.sort && query.sort !== 'name') params.sort = query.sort;
  if (query.dir === 'desc') params.dir = 'desc';
  if (query.period && query.period !== 'all') params.period = query.period;
  if (query.cursor) params.cursor = query.cursor;
  else if (query.page && query.page > 1) params.page = String(query.page);
  if (query.cursor && query.skip) params.skip = String(query.skip);
  return params;
}

/**
 * A roster page and the page number it answers: while the next page loads its rows stay on screen, and the
 * pager must go on speaking of (and stepping from the cursors of) the rows shown, not the page asked for.
 */
type ShownUserPage = UserPage & { pageNumber: number };

export const usersPageQuery = (query: Partial<UserListQuery>) =>
  queryOptions({
    queryKey: apiKey('/api/users', rosterParams(query)),
    queryFn: async ({ queryKey }): Promise<ShownUserPage> => ({
      ...(await api.get<UserPage>(apiUrl(queryKey))),
      pageNumber: query.page ?? 1,
    }),
    // The current rows stay while the next page, sort or search loads.
    placeholderData: keepPreviousData,
  });

export const industriesQuery = queryOptions({
  queryKey: apiKey('/api/industries'),
  queryFn: ({ queryKey }) => api.get<Industry[]>(apiUrl(queryKey)),
});

export const networkSettingsQuery = queryOptions({
  queryKey: apiKey('/api/settings/network'),
  queryFn: ({ queryKey }) => api.get<NetworkSettings>(apiUrl(queryKey)),
});

export const attendanceLimitQuery = queryOptions({
  queryKey: apiKey('/api/settings/network/attendance-limit'),
  queryFn: ({ queryKey }) => api.get<AttendanceLimit>(apiUrl(queryKey)),
});

export const duesStatsQuery = queryOptions({
  queryKey: apiKey('/api/settings/network/dues-stats'),
  queryFn: ({ queryKey }) => api.get<DuesStats>(apiUrl(queryKey)),
});

export const auditLogQuery = (page: number) =>
  queryOptions({
    queryKey: apiKey('/api/settings/audit-log', page > 1 ? { page: String(page) } : undefined),
    queryFn: ({ queryKey }) => api.get<AuditPage>(apiUrl(queryKey)),
    placeholderData: keepPreviousData,
  });

export const useUsersPage = (query: Partial<UserListQuery>) => useQuery(usersPageQuery(query));
export const useIndustries = () => useQuery(industriesQuery);
export const useNetworkSettings = () => useQuery(networkSettingsQuery);
export const useDuesStats = () => useQuery(duesStatsQuery);
export const useAttendanceLimit = () => useQuery(attendanceLimitQuery);
export const useAuditLog = (page: number) => useQuery(auditLogQuery(page));

/** A mutation that refreshes every resource it can change once it lands. */
function useAdminMutation<T, R>(send: (input: T) => Promise<R>, touches: ReadonlyArray<`/api/${string}`>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all(touches.map((path) => queryClient.invalidateQueries({ queryKey: apiKey(path) }))),
  });
}

// A member's role, industry or deletion changes the roster, the directory, seats and the audit log.
const MEMBER_CHANGES = ['/api/users', '/api/members', '/api/industries', '/api/settings'] as const;

export const useUpdateUser = () =>
  useAdminMutation(
    ({ id, ...edit }: UserEdit & { id: string }) =>
      api.put<AdminUser>(`/api/users/${encodeURIComponent(id)}`, edit),
    MEMBER_CHANGES,
  );
export const useDeleteUser = () =>
  useAdminMutation(
    (id: string) => api.delete<void>(`/api/users/${encodeURIComponent(id)}`),
    [...MEMBER_CHANGES, '/api/referrals'],
  );

// Renaming moves members, so the roster and the directory follow an industry change.
const INDUSTRY_CHANGES = ['/api/industries', '/api/users', '/api/members', '/api/settings'] as const;

export const useCreateIndustry = () =>
  useAdminMutation((input: IndustryInput) => api.post<Industry>('/api/industries', input), INDUSTRY_CHANGES);
export const useUpdateIndustry = () =>
  useAdminMutation(
    ({ id, ...input }: IndustryInput & { id: string }) =>
      api.put<Industry>(`/api/industries/${encodeURIComponent(id)}`, input),
    INDUSTRY_CHANGES,
  );
export const useDeleteIndustry = () =>
  useAdminMutation(
    (id: string) => api.delete<void>(`/api/industries/${encodeURIComponent(id)}`),
    INDUSTRY_CHANGES,
  );

// Members' Network ROI is measured against the default dues.
export const useUpdateAttendanceLimit = () =>
  useAdminMutation(
    (missedMeetingLimit: number) =>
      api.put<AttendanceLimit>('/api/settings/network/attendance-limit', { missedMeetingLimit }),
    ['/api/settings', '/api/attendance'],
  );

export const useUpdateDues = () =>
  useAdminMutation(
    (defaultAnnualDues: string) =>
      api.put<NetworkSettings>('/api/settings/network/dues', { defaultAnnualDues }),
    ['/api/settings', '/api/referrals'],
  );
