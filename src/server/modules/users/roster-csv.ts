import type { FastifyReply } from 'fastify';
import { attendanceBand } from '../../../domain/attendance/stats';
import { ROLE_DISPLAY_NAME, type Role } from '../../../domain/roles/roles';
import type { ChapterScope } from '../../db/chapter-scope';
import type { Database } from '../../db/client';
import { sendCsv } from '../../http/csv';
import { type RosterExportRow, type RosterFilters, rosterAttendanceRate, streamRoster } from './user-queries';

type Row = RosterExportRow;
const rate = (u: Row) => rosterAttendanceRate(u);

const COLUMNS: ReadonlyArray<{ header: string; value: (u: Row) => unknown }> = [
  { header: 'First name', value: (u) => u.firstName },
  { header: 'Last name', value: (u) => u.lastName },
  { header: 'Email', value: (u) => u.email },
  { header: 'Business', value: (u) => u.businessName },
  { header: 'Position', value: (u) => u.position },
  { header: 'Industry', value: (u) => u.industry },
  { header: 'Role', value: (u) => ROLE_DISPLAY_NAME[u.role as Role] },
  { header: 'Business email', value: (u) => u.businessEmail },
  { header: 'Business phone', value: (u) => u.businessPhone },
  { header: 'Personal email', value: (u) => u.personalEmail },
  { header: 'Personal phone', value: (u) => u.personalPhone },
  { header: 'Attendance rate (%)', value: rate },
  {
    header: 'Attendance band',
    value: (u) => {
      const value = rate(u);
      return value === null ? '' : attendanceBand(value, 'table').label;
    },
  },
  { header: 'Referrals given', value: (u) => u.referralsGiven },
  { header: 'Referrals received', value: (u) => u.referralsReceived },
  { header: 'Annual dues override', value: (u) => u.annualDuesOverride },
  { header: 'Missed-meeting limit', value: (u) => u.missedMeetingLimit },
  { header: 'Joined', value: (u) => u.createdAt },
];

/** GET /api/users/export.csv: the roster, formula-safe, named with the day it was taken, streamed. */
export function sendRosterCsv(
  reply: FastifyReply,
  db: Database,
  filters: RosterFilters,
  scope: ChapterScope,
) {
  return sendCsv<Row>(reply, `members-${new Date().toISOString().slice(0, 10)}.csv`, COLUMNS, (emit) =>
    streamRoster(db, filters, scope, emit),
  );
}
