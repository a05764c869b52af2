import { and, desc, eq, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  type AttendanceRecord,
  type AttendanceRecordPage,
  type AttendanceRecordsQuery,
  type AttendanceStats,
  absenceWindowStart,
  attendanceStats,
  type MeetingPage,
  type MeetingSummary,
} from '../../../domain/attendance/contracts';
import { isIsoDate, todayIn } from '../../../domain/dates';
import type { PageRequest } from '../../../domain/paging';
import type { Database } from '../../db/client';
import { afterName, byName, nameSortKey } from '../../db/name-sql';
import { attendanceRecords, users } from '../../db/schema';
import { anyText, decodeKeyCursor, encodeKeyCursor } from '../../http/keyset-cursor';
import { isUuid } from '../../http/route-params';

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
    .orderBy(desc(attendanceRecords.meetingDate), ...byName);
}

const status = attendanceRecords.status;
const meetingTotals = {
  totalMembers: sql<number>`count(*)::int`,
  totalPresent: sql<number>`(count(*) filter (where ${status} = 'present'))::int`,
  totalAbsent: sql<number>`(count(*) filter (where ${status} = 'absent'))::int`,
  totalExcused: sql<number>`(count(*) filter (where ${status} = 'excused'))::int`,
};

/** One meeting's totals per status (spec section 3), read from attendance_meeting_status_idx alone. */
export async function meetingSummary(db: Pick<Database, 'select'>, date: string): Promise<MeetingSummary> {
  const [row] = await db
    .select(meetingTotals)
    .from(attendanceRecords)
    .where(eq(attendanceRecords.meetingDate, date));
  return { date, totalMembers: 0, totalPresent: 0, totalAbsent: 0, totalExcused: 0, ...row };
}

/**
 * A page of the history, newest meeting first, each meeting with its totals: the page's dates come from
 * the index (distinct, after the cursor's date), then one aggregate over those dates only.
 */
export async function listMeetings(db: Database, page: PageRequest): Promise<MeetingPage> {
  const [before] = decodeKeyCursor(page.cursor, [isIsoDate]) ?? [];
  const dates = db
    .selectDistinct({ date: attendanceRecords.meetingDate })
    .from(attendanceRecords)
    .where(before ? lt(attendanceRecords.meetingDate, before) : undefined)
    .orderBy(desc(attendanceRecords.meetingDate))
    .limit(page.limit + 1);
  const rows = await db
    .select({ date: attendanceRecords.meetingDate, ...meetingTotals })
    .from(attendanceRecords)
    .where(inArray(attendanceRecords.meetingDate, dates))
    .groupBy(attendanceRecords.meetingDate)
    .orderBy(desc(attendanceRecords.meetingDate));
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > page.limit && last ? encodeKeyCursor([last.date]) : null };
}

/**
 * A page of records, newest meeting first and names A to Z within it (one meeting's with `date`, one
 * member's with `memberId`), keyset on (meeting date, name key): one query however deep the page.
 */
export async function listRecordsPage(
  db: Database,
  query: AttendanceRecordsQuery,
): Promise<AttendanceRecordPage> {
  const after = decodeKeyCursor(query.cursor, [isIsoDate, anyText, anyText, isUuid]);
  const keyset = after
    ? or(
        lt(attendanceRecords.meetingDate, after[0]!),
        and(
          eq(attendanceRecords.meetingDate, after[0]!),
          afterName({ first: after[1]!, last: after[2]!, id: after[3]! }),
        ),
      )
    : undefined;
  const rows = await db
    .select({ ...recordColumns, sortFirst: nameSortKey.first, sortLast: nameSortKey.last })
    .from(attendanceRecords)
    .innerJoin(users, eq(users.id, attendanceRecords.memberId))
    .where(
      and(
        query.date ? eq(attendanceRecords.meetingDate, query.date) : undefined,
        query.memberId ? eq(attendanceRecords.memberId, query.memberId) : undefined,
        keyset,
      ),
    )
    .orderBy(desc(attendanceRecords.meetingDate), ...byName)
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map(({ sortFirst: _f, sortLast: _l, ...record }) => record),
    nextCursor:
      rows.length > query.limit && last
        ? encodeKeyCursor([last.meetingDate, last.sortFirst, last.sortLast, last.memberId])
        : null,
  };
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
