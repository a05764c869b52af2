import type { FastifyReply } from 'fastify';
import type { AdminUser } from '../../../domain/admin/contracts';
import { attendanceBand } from '../../../domain/attendance/stats';
import { ROLE_DISPLAY_NAME } from '../../../domain/roles/roles';
import { sendCsv } from '../../http/csv';

const COLUMNS: ReadonlyArray<{ header: string; value: (u: AdminUser) => unknown }> = [
  { header: 'First name', value: (u) => u.firstName },
  { header: 'Last name', value: (u) => u.lastName },
  { header: 'Email', value: (u) => u.email },
  { header: 'Business', value: (u) => u.businessName },
  { header: 'Position', value: (u) => u.position },
  { header: 'Industry', value: (u) => u.industry },
  { header: 'Role', value: (u) => ROLE_DISPLAY_NAME[u.role] },
  { header: 'Business email', value: (u) => u.businessEmail },
  { header: 'Business phone', value: (u) => u.businessPhone },
  { header: 'Personal email', value: (u) => u.personalEmail },
  { header: 'Personal phone', value: (u) => u.personalPhone },
  { header: 'Attendance rate (%)', value: (u) => u.attendanceRate },
  {
    header: 'Attendance band',
    value: (u) => (u.attendanceRate === null ? '' : attendanceBand(u.attendanceRate, 'table').label),
  },
  { header: 'Referrals given', value: (u) => u.referralsGiven },
  { header: 'Referrals received', value: (u) => u.referralsReceived },
  { header: 'Annual dues override', value: (u) => u.annualDuesOverride },
  { header: 'Missed-meeting limit', value: (u) => u.missedMeetingLimit },
  { header: 'Joined', value: (u) => u.createdAt.slice(0, 10) },
];

/** GET /api/users/export.csv: the roster, formula-safe, named with the day it was taken. */
export function sendRosterCsv(reply: FastifyReply, roster: AdminUser[]) {
  return sendCsv(reply, `members-${new Date().toISOString().slice(0, 10)}.csv`, COLUMNS, roster);
}
