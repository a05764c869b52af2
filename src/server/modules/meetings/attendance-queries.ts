import { and, desc, eq, gte, inArray, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  type AttendanceRecord,
  type AttendanceRecordPage,
  type AttendanceRecordsQuery,
  type AttendanceStats,
  absenceWindowStart,
  attendanceStats,
  type MeetingPage,
  type MeetingSummary,
  type MyAttendanceStats,
} from '../../../domain/attendance/contracts';
import { attendanceRate } from '../../../domain/attendance/stats';
import { isIsoDate, todayIn } from '../../../domain/dates';
import { MEMBER_MESSAGES } from '../../../domain/members/contracts';
import type { PageRequest } from '../../../domain/paging';
import type { AttendanceCountsOver } from '../../../domain/periods/month-figures';
import type { Period } from '../../../domain/periods/periods';
import {
  type ChapterScope,
  chapterScopeValues,
  inChapterScope,
  inPreparedChapterScope,
  preparedPerScope,
} from '../../db/chapter-scope';
import { attendancePolicyOfMember, effectiveMissedMeetingLimit } from '../../db/chapter-settings';
import type { Database, Transaction } from '../../db/client';
import { afterName, byName, nameSortKey } from '../../db/name-sql';
import { anyOfIds } from '../../db/prepared';
import { attendanceMeetingTotals, attendanceRecords, chapters, memberTotals, users } from '../../db/schema';
import { anyText, decodeKeyCursor, decodeKeyCursorOf, encodeKeyCursor } from '../../http/keyset-cursor';
import { notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import { periodFiguresOf } from '../member-totals/member-months';

const recordColumns = {
  id: attendanceRecords.id,
  memberId: attendanceRecords.memberId,
  meetingDate: attendanceRecords.meetingDate,
  status: attendanceRecords.status,
  notes: attendanceRecords.notes,
  substituteName: attendanceRecords.substituteName,
  substituteEmail: attendanceRecords.substituteEmail,
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

const totals = attendanceMeetingTotals;
// Each chapter keeps its own meetings' totals; a scope of several chapters (an agency administrator's)
// adds theirs up per date.
const summaryColumns = {
  date: totals.meetingDate,
  totalMembers: sql<number>`sum(${totals.present} + ${totals.absent} + ${totals.excused} + ${totals.late} + ${totals.substitute})::int`,
  totalPresent: sql<number>`sum(${totals.present})::int`,
  totalAbsent: sql<number>`sum(${totals.absent})::int`,
  totalExcused: sql<number>`sum(${totals.excused})::int`,
  totalLate: sql<number>`sum(${totals.late})::int`,
  totalSubstitute: sql<number>`sum(${totals.substitute})::int`,
};

/** One meeting's totals per status, as kept beside its records (migration 0020). */
export async function meetingSummary(
  db: Pick<Database, 'select'>,
  date: string,
  scope: ChapterScope,
): Promise<MeetingSummary> {
  const [row] = await db
    .select(summaryColumns)
    .from(totals)
    .where(and(eq(totals.meetingDate, date), inChapterScope(scope, totals.chapterId)))
    .groupBy(totals.meetingDate);
  return (
    row ?? {
      date,
      totalMembers: 0,
      totalPresent: 0,
      totalAbsent: 0,
      totalExcused: 0,
      totalLate: 0,
      totalSubstitute: 0,
    }
  );
}

/** A page of the history, newest meeting first, each meeting with its kept totals: one primary-key range read. */
export async function listMeetings(
  db: Database,
  page: PageRequest,
  scope: ChapterScope,
): Promise<MeetingPage> {
  const [before] = decodeKeyCursor(page.cursor, [isIsoDate]) ?? [];
  // The first page is the page before a date no meeting reaches.
  const rows = await meetingsBefore(db, scope).execute({
    ...chapterScopeValues(scope),
    before: before ?? '9999-12-31',
    limit: page.limit + 1,
  });
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > page.limit && last ? encodeKeyCursor([last.date]) : null };
}

const meetingsBefore = preparedPerScope((db: Database, shape) =>
  db
    .select(summaryColumns)
    .from(totals)
    .where(
      and(lt(totals.meetingDate, sql.placeholder('before')), inPreparedChapterScope(shape, totals.chapterId)),
    )
    .groupBy(totals.meetingDate)
    .orderBy(desc(totals.meetingDate))
    .limit(sql.placeholder('limit'))
    .prepare(`attendance_meetings_page_${shape}`),
);

/** Where a page of records ended: the meeting, then the name key within it. */
const RECORD_KEY = [isIsoDate, anyText, anyText, isUuid] as const;

/**
 * A page of records, newest meeting first and names A to Z within it: one meeting's with `date`, one
 * member's with `memberId`, else everyone's a meeting at a time.
 */
export function listRecordsPage(
  db: Database,
  query: AttendanceRecordsQuery,
  scope: ChapterScope,
): Promise<AttendanceRecordPage> {
  return query.date || query.memberId
    ? recordsPage(db, query, scope, decodeKeyCursor(query.cursor, RECORD_KEY))
    : everyonesRecordsPage(db, query, scope);
}

const recordWithKey = { ...recordColumns, sortFirst: nameSortKey.first, sortLast: nameSortKey.last };

/** A meeting's first page (opening it in the history), prepared once. */
const meetingFirstPage = preparedPerScope((db: Database, shape) =>
  db
    .select(recordWithKey)
    .from(attendanceRecords)
    .innerJoin(users, eq(users.id, attendanceRecords.memberId))
    .where(
      and(
        eq(attendanceRecords.meetingDate, sql.placeholder('date')),
        inPreparedChapterScope(shape, attendanceRecords.chapterId),
      ),
    )
    .orderBy(...byName)
    .limit(sql.placeholder('limit'))
    .prepare(`attendance_meeting_first_page_${shape}`),
);

/** One query, keyset on (meeting date, name key) after `after`. */
async function recordsPage(
  db: Database,
  query: AttendanceRecordsQuery,
  scope: ChapterScope,
  after: string[] | undefined,
): Promise<AttendanceRecordPage> {
  const afterKey = after && afterName({ first: after[1]!, last: after[2]!, id: after[3]! });
  // One meeting's page is a name range (users_name_order_idx, then attendance_member_date_key per name).
  const keyset = !after
    ? undefined
    : query.date
      ? afterKey
      : or(
          lt(attendanceRecords.meetingDate, after[0]!),
          and(eq(attendanceRecords.meetingDate, after[0]!), afterKey),
        );
  const rows =
    query.date && !query.memberId && !after
      ? await meetingFirstPage(db, scope).execute({
          ...chapterScopeValues(scope),
          date: query.date,
          limit: query.limit + 1,
        })
      : await db
          .select(recordWithKey)
          .from(attendanceRecords)
          .innerJoin(users, eq(users.id, attendanceRecords.memberId))
          .where(
            and(
              inChapterScope(scope, attendanceRecords.chapterId),
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

/** The newest meeting on or before `date` (any, without one), from the kept totals. */
async function meetingOnOrBefore(
  db: Database,
  scope: ChapterScope,
  date: string | undefined,
  strictly = false,
) {
  const [row] = await db
    .select({ date: totals.meetingDate })
    .from(totals)
    .where(
      and(
        inChapterScope(scope, totals.chapterId),
        date ? (strictly ? lt(totals.meetingDate, date) : lte(totals.meetingDate, date)) : undefined,
      ),
    )
    .orderBy(desc(totals.meetingDate))
    .limit(1);
  return row?.date;
}

/**
 * Everyone's records, one meeting at a time, so each page is one meeting's name range (never a sort of
 * the whole table): a page holds at most `limit` and stops at its meeting's end; the next cursor is then
 * the next meeting's start (`[date]`). Three queries, whatever the history.
 */
async function everyonesRecordsPage(
  db: Database,
  query: AttendanceRecordsQuery,
  scope: ChapterScope,
): Promise<AttendanceRecordPage> {
  const after = decodeKeyCursorOf(query.cursor, [isIsoDate], RECORD_KEY);
  const date = await meetingOnOrBefore(db, scope, after?.[0]);
  if (!date) return { items: [], nextCursor: null };
  const [page, next] = await Promise.all([
    recordsPage(
      db,
      { ...query, date },
      scope,
      after?.length === RECORD_KEY.length && after[0] === date ? after : undefined,
    ),
    meetingOnOrBefore(db, scope, date, true),
  ]);
  if (page.nextCursor) return page;
  return { items: page.items, nextCursor: next ? encodeKeyCursor([next]) : null };
}

/** The statistics' one query, prepared (see preparedQuery): ids and the window's start vary. */
const statsQuery = preparedPerScope((db: Pick<Database, 'select'>, shape) => {
  const window = db
    .select({
      id: sql<string>`${attendanceRecords.memberId}`.as('window_id'),
      absent: sql<number>`count(*) filter (where ${attendanceRecords.status} = 'absent')`.as('window_absent'),
      late: sql<number>`count(*) filter (where ${attendanceRecords.status} = 'late')`.as('window_late'),
      substitute: sql<number>`count(*) filter (where ${attendanceRecords.status} = 'substitute')`.as(
        'window_substitute',
      ),
    })
    .from(attendanceRecords)
    .where(
      and(
        // attendance_window_member_date_idx: the closed weeks' absences, lates and substitutes.
        sql`${attendanceRecords.status} not in ('present', 'excused') and ${attendanceRecords.counted}`,
        anyOfIds(attendanceRecords.memberId),
        gte(attendanceRecords.meetingDate, sql.placeholder('windowStart')),
      ),
    )
    .groupBy(attendanceRecords.memberId)
    .as('window');
  return db
    .select({
      id: users.id,
      // The member's own limit, else their chapter's, else the agency's (docs/decisions/0032).
      missedMeetingLimit: sql<
        number | null
      >`coalesce(${users.missedMeetingLimit}, ${effectiveMissedMeetingLimit(users.chapterId)})`.mapWith(
        (v: unknown) => (v === null ? null : Number(v)),
      ),
      totalPresent: sql<number>`coalesce(${memberTotals.present}, 0)`,
      totalAbsent: sql<number>`coalesce(${memberTotals.absent}, 0)`,
      totalExcused: sql<number>`coalesce(${memberTotals.excused}, 0)`,
      totalLate: sql<number>`coalesce(${memberTotals.late}, 0)`,
      totalSubstitute: sql<number>`coalesce(${memberTotals.substitute}, 0)`,
      absentInWindow: sql<number>`coalesce(${window.absent}, 0)::int`,
      lateInWindow: sql<number>`coalesce(${window.late}, 0)::int`,
      substituteInWindow: sql<number>`coalesce(${window.substitute}, 0)::int`,
      latesPerAbsence: chapters.latesPerAbsence,
      substituteLimit: chapters.substituteLimit,
    })
    .from(users)
    .leftJoin(chapters, eq(chapters.id, users.chapterId))
    .leftJoin(memberTotals, eq(memberTotals.memberId, users.id))
    .leftJoin(window, eq(window.id, users.id))
    .where(and(anyOfIds(users.id), ne(users.role, 'GUEST'), inPreparedChapterScope(shape, users.chapterId)))
    .prepare(`attendance_stats_${shape}`);
});

/**
 * Statistics for one member or many in one query: counts per status from the kept all-time totals (a
 * row per member, by key, never every record), absences inside the rolling window from the
 * absences' own index, and each member's own limit. Guests and unknown ids are absent from the map.
 */
export async function attendanceStatsFor(
  db: Pick<Database, 'select'>,
  memberIds: readonly string[],
  scope: ChapterScope,
  today: string = todayIn(),
): Promise<Map<string, AttendanceStats>> {
  if (memberIds.length === 0) return new Map();
  const rows = await statsQuery(db, scope).execute({
    ...chapterScopeValues(scope),
    ids: [...memberIds],
    windowStart: absenceWindowStart(today),
  });
  return new Map(
    rows.map(({ id, missedMeetingLimit, latesPerAbsence, substituteLimit, ...counts }) => [
      id,
      attendanceStats(counts, missedMeetingLimit, { latesPerAbsence, substituteLimit }),
    ]),
  );
}

/**
 * My attendance card over `period`: the rate and counts of the period's meetings and of the
 * period before, from my kept months; absences remaining always count the rolling window.
 */
export async function myAttendanceStats(
  db: Database,
  memberId: string,
  period: Period,
  today: string = todayIn(),
): Promise<MyAttendanceStats> {
  // Members read their own card: whatever their chapter, it is theirs.
  const [stats, months] = await Promise.all([
    attendanceStatsFor(db, [memberId], { all: true }, today),
    periodFiguresOf(db, memberId, period, today),
  ]);
  const mine = stats.get(memberId);
  if (!mine) throw notFound(MEMBER_MESSAGES.memberNotFound);
  const policy = await attendancePolicyOfMember(db, memberId);
  if (!months) return { ...mine, period, previous: null };
  const over = (counts: AttendanceCountsOver) => ({
    ...counts,
    attendanceRate: attendanceRate(counts, policy),
  });
  return { ...mine, ...over(months.current.attendance), period, previous: over(months.previous.attendance) };
}

/**
 * The current non-guest members among `ids` (one query), to refuse a batch naming anyone else. Their rows
 * stay locked against removal (`for key share`) until the batch commits: a member removed meanwhile is
 * either refused here or removed after, with the records saved, never a foreign-key failure (a 500) at
 * the insert. Locked in id order, as every batch takes them.
 */
export async function lockCurrentMemberIds(
  tx: Transaction,
  ids: readonly string[],
  scope: ChapterScope,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), ne(users.role, 'GUEST'), inChapterScope(scope, users.chapterId)))
    .orderBy(users.id)
    .for('key share');
  return new Set(rows.map((r) => r.id));
}
