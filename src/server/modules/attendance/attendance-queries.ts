import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import {
  type AttendanceRecord,
  type AttendanceStats,
  type AttendanceSubmission,
  absenceWindowStart,
  attendanceStats,
} from '../../../domain/attendance/contracts';
import { todayIn } from '../../../domain/dates';
import type { Database } from '../../db/client';
import { attendanceRecords, users } from '../../db/schema';

const recordColumns = {
  id: attendanceRecords.id,
  memberId: attendanceRecords.memberId,
  meetingDate: attendanceRecords.meetingDate,
  status: attendanceRecords.status,
  notes: attendanceRecords.notes,
  firstName: users.firstName,
  lastName: users.lastName,
  businessName: users.businessName,
};

/** Records with their members' names, newest meeting first, names A to Z within a meeting: one query. */
export function listAttendanceRecords(db: Database, where?: SQL): Promise<AttendanceRecord[]> {
  return db
    .select(recordColumns)
    .from(attendanceRecords)
    .innerJoin(users, eq(users.id, attendanceRecords.memberId))
    .where(where)
    .orderBy(desc(attendanceRecords.meetingDate), users.firstName, users.lastName);
}

/** Records grouped by meeting (spec section 3): date, totals per status, and the records. */
export function groupByMeeting(records: AttendanceRecord[]): AttendanceSubmission[] {
  const meetings = new Map<string, AttendanceSubmission>();
  for (const record of records) {
    let meeting = meetings.get(record.meetingDate);
    if (!meeting) {
      meeting = {
        date: record.meetingDate,
        totalMembers: 0,
        totalPresent: 0,
        totalAbsent: 0,
        totalExcused: 0,
        records: [],
      };
      meetings.set(record.meetingDate, meeting);
    }
    meeting.totalMembers += 1;
    if (record.status === 'present') meeting.totalPresent += 1;
    else if (record.status === 'absent') meeting.totalAbsent += 1;
    else meeting.totalExcused += 1;
    meeting.records.push(record);
  }
  return [...meetings.values()];
}

export async function listSubmissions(db: Database, memberId?: string): Promise<AttendanceSubmission[]> {
  return groupByMeeting(
    await listAttendanceRecords(db, memberId ? eq(attendanceRecords.memberId, memberId) : undefined),
  );
}

/**
 * Statistics for one member or many in one query: counts per status, absences inside the rolling
 * window, and each member's own limit. Guests and unknown ids are absent from the map.
 */
export async function attendanceStatsFor(
  db: Pick<Database, 'select'>,
  memberIds: readonly string[],
  today: string = todayIn(),
): Promise<Map<string, AttendanceStats>> {
  if (memberIds.length === 0) return new Map();
  const status = attendanceRecords.status;
  const rows = await db
    .select({
      id: users.id,
      missedMeetingLimit: users.missedMeetingLimit,
      totalPresent: sql<number>`count(${attendanceRecords.id}) filter (where ${status} = 'present')::int`,
      totalAbsent: sql<number>`count(${attendanceRecords.id}) filter (where ${status} = 'absent')::int`,
      totalExcused: sql<number>`count(${attendanceRecords.id}) filter (where ${status} = 'excused')::int`,
      absentInWindow: sql<number>`count(${attendanceRecords.id}) filter (where ${status} = 'absent' and ${attendanceRecords.meetingDate} >= ${absenceWindowStart(today)})::int`,
    })
    .from(users)
    .leftJoin(attendanceRecords, eq(attendanceRecords.memberId, users.id))
    .where(and(inArray(users.id, [...memberIds]), ne(users.role, 'GUEST')))
    .groupBy(users.id);
  return new Map(
    rows.map(({ id, missedMeetingLimit, ...counts }) => [id, attendanceStats(counts, missedMeetingLimit)]),
  );
}

/** The current non-guest members among `ids` (one query), to refuse a batch naming anyone else. */
export async function currentMemberIds(
  db: Pick<Database, 'select'>,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), ne(users.role, 'GUEST')));
  return new Set(rows.map((r) => r.id));
}
