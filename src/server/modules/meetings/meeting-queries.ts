import { and, asc, desc, eq, lt, not, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Meeting,
  MeetingDetail,
  MeetingList,
  meetingListQuerySchema,
} from '../../../domain/attendance/meetings';
import { MEETING_MESSAGES } from '../../../domain/attendance/meetings';
import { DEFAULT_TIME_FORMAT, type TimeFormat } from '../../../domain/chapters/time-format';
import { CHAPTER_TIME_ZONE, isIsoDate } from '../../../domain/dates';
import { type ChapterScope, inChapterScope } from '../../db/chapter-scope';
import type { Database, Transaction } from '../../db/client';
import { userFullName } from '../../db/name-sql';
import {
  attendanceMeetingTotals,
  awayNotices,
  chapters,
  type MeetingRow,
  meetings,
  networkSettings,
  users,
} from '../../db/schema';
import { decodeKeyCursor, encodeKeyCursor } from '../../http/keyset-cursor';
import { HttpError, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';

const t = attendanceMeetingTotals;
/**
 * The meeting's chapter's time zone, as its schedule reads it: its own, else the agency's, else the built-in
 * (the chapter and the agency's settings are joined once by `selectMeetings`).
 */
const meetingZone = sql`coalesce(${chapters.timeZone}, ${networkSettings.timeZone}, ${CHAPTER_TIME_ZONE})`;
const countOf = (column: SQLWrapper) => sql<number>`coalesce(${column}, 0)::int`;

/** A meeting with its live totals (kept beside its records) and how many said they will be away. */
const meetingColumns = {
  id: meetings.id,
  meetingDate: meetings.meetingDate,
  startTime: meetings.startTime,
  place: meetings.place,
  onlineUrl: meetings.onlineUrl,
  state: meetings.state,
  extra: meetings.extra,
  counts: meetings.counts,
  note: meetings.note,
  present: countOf(t.present),
  late: countOf(t.late),
  absent: countOf(t.absent),
  excused: countOf(t.excused),
  substitute: countOf(t.substitute),
  // A week whose day has passed in the chapter's zone and was never opened: nobody recorded it.
  notRecorded: sql<boolean>`(${meetings.state} = 'scheduled' and ${meetings.meetingDate} < (now() at time zone ${meetingZone})::date)`,
  // Who the door list expects (current non-guest members who had joined by the meeting's day): users_chapter_idx.
  expected: sql<number>`(select count(*)::int from ${users} u where u.chapter_id = ${meetings.chapterId} and u.role <> 'GUEST' and u.created_at < ((${meetings.meetingDate} + 1)::timestamp at time zone ${meetingZone}))`,
  timeFormat: sql<TimeFormat>`coalesce(${chapters.timeFormat}, ${DEFAULT_TIME_FORMAT})`,
  // away_notices_chapter_date_idx: a count per meeting of a page.
  awayCount: sql<number>`(select count(*)::int from ${awayNotices} a where a.chapter_id = ${meetings.chapterId} and a.meeting_date = ${meetings.meetingDate})`,
};

type MeetingRowOut = Omit<Meeting, 'totals'> & Meeting['totals'];

const toMeeting = ({ present, late, absent, excused, substitute, ...m }: MeetingRowOut): Meeting => ({
  ...m,
  totals: { present, late, absent, excused, substitute },
});

const selectMeetings = <E extends Record<string, SQL>>(db: Pick<Database, 'select'>, extra?: E) =>
  db
    .select({ ...meetingColumns, ...(extra as E) })
    .from(meetings)
    .leftJoin(t, and(eq(t.chapterId, meetings.chapterId), eq(t.meetingDate, meetings.meetingDate)))
    .innerJoin(chapters, eq(chapters.id, meetings.chapterId))
    .leftJoin(networkSettings, eq(networkSettings.id, 1));

/**
 * A page of meetings: upcoming (weeks not yet closed: the missed ones first, then soonest first) or past
 * (closed weeks and holidays gone by, newest first). One query per page, keyset.
 */
export async function listMeetingPage(
  db: Database,
  query: z.output<typeof meetingListQuerySchema>,
  scope: ChapterScope,
  today: string,
): Promise<MeetingList> {
  return query.view === 'upcoming'
    ? upcomingPage(db, query, scope, today)
    : pastPage(db, query, scope, today);
}

type PageQuery = z.output<typeof meetingListQuerySchema>;

/** Past: weeks done with (closed, or a holiday gone by). */
const pastWeeks = (today: string) =>
  or(eq(meetings.state, 'closed'), and(lt(meetings.meetingDate, today), eq(meetings.state, 'holiday')))!;

/**
 * Upcoming: everything else, so a week not yet closed stays in view until it is. The weeks whose day passed
 * unopened come first (they are the ones to deal with), then the rest soonest first; keyset on
 * (missed first, date, id).
 */
async function upcomingPage(db: Database, query: PageQuery, scope: ChapterScope, today: string) {
  const after = decodeKeyCursor(query.cursor, [(p) => p === '0' || p === '1', isIsoDate, isUuid]);
  const rank = sql<number>`(case when ${meetings.state} = 'scheduled' and ${meetings.meetingDate} < ${today} then 0 else 1 end)`;
  const keyset =
    after &&
    sql`(${rank}, ${meetings.meetingDate}, ${meetings.id}) > (${Number(after[0])}, ${after[1]}, ${after[2]})`;
  const rows = await selectMeetings(db, { rank })
    .where(and(inChapterScope(scope, meetings.chapterId), not(pastWeeks(today)), keyset))
    .orderBy(asc(rank), asc(meetings.meetingDate), asc(meetings.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map(({ rank: _, ...m }) => toMeeting(m)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeKeyCursor([String(last.rank), last.meetingDate, last.id])
        : null,
  };
}

/** Past: newest first, keyset on (date, id) (meetings_chapter_date_key). */
async function pastPage(db: Database, query: PageQuery, scope: ChapterScope, today: string) {
  const after = decodeKeyCursor(query.cursor, [isIsoDate, isUuid]);
  const keyset =
    after &&
    or(
      lt(meetings.meetingDate, after[0]!),
      and(eq(meetings.meetingDate, after[0]!), lt(meetings.id, after[1]!)),
    );
  const rows = await selectMeetings(db)
    .where(and(inChapterScope(scope, meetings.chapterId), pastWeeks(today), keyset))
    .orderBy(desc(meetings.meetingDate), desc(meetings.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map(toMeeting);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > query.limit && last ? encodeKeyCursor([last.meetingDate, last.id]) : null,
  };
}

/** One meeting and who said they will be away (names A to Z), or 404 outside the scope. */
export async function meetingDetail(db: Database, id: string, scope: ChapterScope): Promise<MeetingDetail> {
  const [row] = await selectMeetings(db).where(
    and(eq(meetings.id, id), inChapterScope(scope, meetings.chapterId)),
  );
  if (!row) throw notFound(MEETING_MESSAGES.notFound);
  const meeting = toMeeting(row);
  const away = await db
    .select({
      memberId: awayNotices.memberId,
      memberName: sql<string>`coalesce(${userFullName}, ${users.email})`,
      meetingDate: awayNotices.meetingDate,
      kind: awayNotices.kind,
      reason: awayNotices.reason,
      substituteName: awayNotices.substituteName,
      substituteEmail: awayNotices.substituteEmail,
    })
    .from(awayNotices)
    .innerJoin(
      meetings,
      and(eq(meetings.chapterId, awayNotices.chapterId), eq(meetings.meetingDate, awayNotices.meetingDate)),
    )
    .innerJoin(users, eq(users.id, awayNotices.memberId))
    .where(eq(meetings.id, id))
    .orderBy(sql`lower(coalesce(${userFullName}, ${users.email}))`);
  return { ...meeting, away };
}

/**
 * The meeting of `chapterId` on `date`, locked (FOR UPDATE) for the rest of the transaction: saves, edits,
 * closing and reopening of one meeting take turns on its row, so none is lost and none lands in a closed week.
 */
export async function lockMeetingOn(tx: Transaction, chapterId: string, date: string) {
  const [row] = await tx
    .select()
    .from(meetings)
    .where(and(eq(meetings.chapterId, chapterId), eq(meetings.meetingDate, date)))
    .for('update');
  return row;
}

/** A meeting's own row, read (not locked), or 404 outside the scope. */
const meetingById = (db: Pick<Database, 'select'>, id: string, scope: ChapterScope) =>
  db
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, id), inChapterScope(scope, meetings.chapterId)));

const found = ([row]: MeetingRow[]) => {
  if (!row) throw notFound(MEETING_MESSAGES.notFound);
  return row;
};

export const meetingRowIn = async (db: Database | Transaction, id: string, scope: ChapterScope) =>
  found(await meetingById(db, id, scope));

export const lockMeetingById = async (tx: Transaction, id: string, scope: ChapterScope) =>
  found(await meetingById(tx, id, scope).for('update'));

/** Refuses a change to a meeting's records unless it is open (a closed week is locked; a holiday has none). */
export function assertRecordable(state: Meeting['state']) {
  if (state === 'closed') throw new HttpError('CONFLICT', MEETING_MESSAGES.closed);
  if (state === 'holiday') throw new HttpError('CONFLICT', MEETING_MESSAGES.holiday);
}
