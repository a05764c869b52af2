import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { AttendanceStatus } from '../../../domain/attendance/status';
import { type MyWeek, reportWeek, sumWeekFigures } from '../../../domain/attendance/week-report';
import type { Actor } from '../../auth/session-store';
import type { Database } from '../../db/client';
import type { TextRow } from '../../db/cursor';
import { attendanceRecords, meetings, users } from '../../db/schema';
import { memberChapter } from './away-notices';
import { chapterSchedule, chapterToday } from './meeting-settings';
import { type SlipColumn, toWeekFigures, weekSlips } from './week-report';

/**
 * GET /api/meetings/my-week (issue 47.3): the week in progress (up to and including the chapter's next
 * meeting, today's if it meets today): the member's status at it, their referrals dated in the week, and
 * the chapter's totals over its current members (guests are not counted). Four queries whatever the
 * chapter's size.
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
  const { rows } = (await db.execute(sql`
    with slips as (${weekSlips(reportWeek(weekEnds))})
    select u.id::text as "memberId", a.status::text as status,
      coalesce(s.given, 0)::text as given, coalesce(s.received, 0)::text as received,
      coalesce(s.closed, 0)::numeric(14, 2)::text as closed
    from ${users} u
    left join ${attendanceRecords} a
      on a.member_id = u.id and a.chapter_id = ${chapterId} and a.meeting_date = ${weekEnds}
    left join slips s on s.member_id = u.id
    where u.chapter_id = ${chapterId} and u.role <> 'GUEST'`)) as {
    rows: TextRow<SlipColumn | 'memberId'>[];
  };
  const figures = rows.map(toWeekFigures);
  const own = rows.findIndex((r) => r.memberId === actor.id);
  const mine = figures[own];
  return {
    meeting: meeting ?? null,
    week: reportWeek(weekEnds),
    status: (rows[own]?.status as AttendanceStatus | null | undefined) ?? null,
    mine: {
      referralsGiven: mine?.referralsGiven ?? 0,
      referralsReceived: mine?.referralsReceived ?? 0,
      closedBusiness: mine?.closedBusiness ?? '0.00',
    },
    chapter: sumWeekFigures(figures),
  };
}
