import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { PALMS_LETTER_OF } from '../../../domain/attendance/palms';
import type { AttendanceStatus } from '../../../domain/attendance/status';
import { type MyWeek, reportWeek } from '../../../domain/attendance/week-report';
import type { Actor } from '../../auth/session-store';
import type { Database } from '../../db/client';
import type { TextRow } from '../../db/cursor';
import { attendanceRecords, meetings, users } from '../../db/schema';
import { memberChapter } from './away-notices';
import { chapterSchedule, chapterToday } from './meeting-settings';
import { type SlipColumn, slipColumns, toWeekFigures, weekSlips } from './week-report';

/**
 * GET /api/meetings/my-week: the week in progress (up to and including the chapter's next
 * meeting, today's if it meets today): the member's status at it, their referrals dated in the week, and
 * the chapter's totals over its current members (guests are not counted). Four queries whatever the
 * chapter's size, each answering in a row or one.
 */
export async function myWeek(db: Database, actor: Actor): Promise<MyWeek> {
  const chapterId = await memberChapter(db, actor.id);
  const schedule = await chapterSchedule(db, chapterId);
  const today = chapterToday(schedule);
  const [meeting] = await db
    .select({ id: meetings.id, meetingDate: meetings.meetingDate, state: meetings.state })
    .from(meetings)
    .where(and(eq(meetings.chapterId, chapterId), gte(meetings.meetingDate, today)))
    .orderBy(asc(meetings.meetingDate))
    .limit(1);
  const weekEnds = meeting?.meetingDate ?? today;
  // The chapter's totals are summed by PostgreSQL: one row back, and only the chapter's own rows read.
  const week = reportWeek(weekEnds);
  // Written out, not a CTE, where it narrows the slips: the planner then knows the chapter's size and picks
  // probing each member's referrals (a chapter) or reading the week's (a chapter as large as the network).
  const currentMembers = sql`select u.id from ${users} u where u.chapter_id = ${chapterId} and u.role <> 'GUEST'`;
  const { rows } = (await db.execute(sql`
    with current_members as (${currentMembers}),
    mine as (${weekSlips(week, sql`select ${actor.id}::uuid`, chapterId)}),
    chapter_slips as (${weekSlips(week, currentMembers, chapterId)}),
    records as (
      select a.member_id, a.status from ${attendanceRecords} a
      join current_members m on m.id = a.member_id
      where a.chapter_id = ${chapterId} and a.meeting_date = ${weekEnds}
    )
    select
      (select r.status::text from records r where r.member_id = ${actor.id}) as status,
      ${slipColumns},
      (select coalesce(json_object_agg(status, n), '{}')::text
        from (select r.status, count(*) as n from records r group by r.status) counted) as statuses,
      (select row_to_json(c)::text from (
        select ${slipColumns} from (select
          sum(given_inside) as given_inside, sum(given_outside) as given_outside,
          sum(received_inside) as received_inside, sum(received_outside) as received_outside,
          sum(closed) as closed, sum(visitors) as visitors, sum(one_to_ones) as one_to_ones,
          sum(ceus) as ceus, sum(testimonials) as testimonials
          from chapter_slips) s
      ) c) as chapter
    from (select 1) one left join mine s on true`)) as {
    rows: TextRow<SlipColumn | 'statuses' | 'chapter'>[];
  };
  const row = rows[0];
  const mine = toWeekFigures({ ...row, status: null } as TextRow<SlipColumn>);
  const chapter = toWeekFigures({ ...JSON.parse(row?.chapter ?? '{}'), status: null });
  const statuses = JSON.parse(row?.statuses ?? '{}') as Partial<Record<AttendanceStatus, number>>;
  for (const [status, count] of Object.entries(statuses) as [AttendanceStatus, number][])
    chapter[PALMS_LETTER_OF[status]] += count;
  return {
    meeting: meeting ?? null,
    week,
    status: (row?.status as AttendanceStatus | null | undefined) ?? null,
    mine: {
      referralsGiven: mine.referralsGiven,
      referralsReceived: mine.referralsReceived,
      closedBusiness: mine.closedBusiness,
      visitors: mine.visitors,
      oneToOnes: mine.oneToOnes,
      educationUnits: mine.educationUnits,
      testimonials: mine.testimonials,
    },
    chapter,
  };
}
