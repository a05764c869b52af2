import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AttendanceStatus } from '../../../domain/attendance/status';
import {
  emptyWeekFigures,
  PALMS_LETTER_OF,
  reportWeek,
  sumWeekFigures,
  WEEK_REPORT_COLUMNS,
  WEEK_REPORT_MESSAGES,
  type WeekFigures,
  type WeekReport,
  type WeekReportRow,
} from '../../../domain/attendance/week-report';
import { displayName } from '../../../domain/members/display-name';
import type { ChapterScope } from '../../db/chapter-scope';
import type { Database, Transaction } from '../../db/client';
import { forEachBatch, type TextRow } from '../../db/cursor';
import { attendanceRecords, type MeetingRow, meetings, oneToOnes, referrals, users } from '../../db/schema';
import { sendCsv } from '../../http/csv';
import { HttpError } from '../../lib/http-error';
import { meetingRowIn } from './meeting-queries';
import { chapterSchedule } from './meeting-settings';

type WeekMeeting = Pick<MeetingRow, 'chapterId' | 'meetingDate'>;
export type SlipColumn = 'status' | 'given' | 'received' | 'closed' | 'visitors' | 'oneToOnes';
type ReportColumn = SlipColumn | 'memberId' | 'firstName' | 'lastName' | 'businessName';

/**
 * The referrals dated in the week (`from` to `to`, calendar dates) of the members `among` selects (a
 * subquery of member ids): for each, the referrals they gave and received (a declined one never counts),
 * and the closed business they thanked others for (approved referrals they received: the amount is final
 * once the other party confirmed it). Dated by the referral's own date, as the member entered it, so
 * imported history lands in its own weeks. Beside them, the visitors each brought: a first visit they were
 * credited with at a meeting of the week (visitor_visits_credited_idx), and their held one-to-ones dated in
 * it: each counts for both members (one_to_ones_member_a_idx and _b_idx), a disputed one for neither.
 * Narrowed to `among` before anything is summed, so the cost follows the chapter, not the network: the
 * planner probes each member's referrals by date (referrals_referrer_sale_idx, referrals_reporter_sale_idx)
 * or reads the week (referrals_sale_date_idx), whichever is fewer rows.
 */
export const weekSlips = ({ from, to }: { from: string; to: string }, among: SQL) => sql`
  select member_id, sum(given)::int as given, sum(received)::int as received, sum(closed) as closed,
    sum(visitors)::int as visitors, sum(one_to_ones)::int as one_to_ones
  from (
    select r.referrer_id as member_id, 1 as given, 0 as received, 0::numeric as closed, 0 as visitors,
      0 as one_to_ones
    from ${referrals} r
    where r.referrer_id in (${among}) and r.sale_date between ${from} and ${to} and r.status <> 'declined'
    union all
    select r.reporter_id, 0, 1, case when r.status = 'approved' then r.amount else 0 end, 0, 0
    from ${referrals} r
    where r.reporter_id in (${among}) and r.sale_date between ${from} and ${to} and r.status <> 'declined'
    union all
    select v.credited_member_id, 0, 0, 0, 1, 0
    from visitor_visits v join ${meetings} m on m.id = v.meeting_id
    where v.credited_member_id in (${among}) and m.meeting_date between ${from} and ${to}
    union all
    select o.member_a_id, 0, 0, 0, 0, 1
    from ${oneToOnes} o
    where o.member_a_id in (${among}) and o.met_on between ${from} and ${to} and o.status = 'held'
    union all
    select o.member_b_id, 0, 0, 0, 0, 1
    from ${oneToOnes} o
    where o.member_b_id in (${among}) and o.met_on between ${from} and ${to} and o.status = 'held'
  ) s
  group by member_id`;

/** The report's rows in one query: every record of the meeting, its member's name and their week's slips. */
function reportRowsQuery(meeting: WeekMeeting) {
  return sql`
    with slips as (${weekSlips(
      reportWeek(meeting.meetingDate),
      sql`select m.member_id from ${attendanceRecords} m
        where m.chapter_id = ${meeting.chapterId} and m.meeting_date = ${meeting.meetingDate}`,
    )})
    select a.member_id::text as "memberId", u.first_name as "firstName", u.last_name as "lastName",
      u.business_name as "businessName", a.status::text as status,
      coalesce(s.given, 0)::text as given, coalesce(s.received, 0)::text as received,
      coalesce(s.closed, 0)::numeric(14, 2)::text as closed, coalesce(s.visitors, 0)::text as visitors,
      coalesce(s.one_to_ones, 0)::text as "oneToOnes"
    from ${attendanceRecords} a
    join ${users} u on u.id = a.member_id
    left join slips s on s.member_id = a.member_id
    where a.chapter_id = ${meeting.chapterId} and a.meeting_date = ${meeting.meetingDate}
    order by lower(coalesce(u.first_name, '')), lower(coalesce(u.last_name, '')), u.id`;
}

/** A member's figures from a row of slips and (when recorded) their status. */
export function toWeekFigures(r: TextRow<SlipColumn>): WeekFigures {
  const figures: WeekFigures = {
    ...emptyWeekFigures(),
    referralsGiven: Number(r.given),
    referralsReceived: Number(r.received),
    closedBusiness: r.closed ?? '0.00',
    visitors: Number(r.visitors ?? 0),
    oneToOnes: Number(r.oneToOnes ?? 0),
  };
  if (r.status) figures[PALMS_LETTER_OF[r.status as AttendanceStatus]] = 1;
  return figures;
}

const toReportRow = (r: TextRow<ReportColumn>): WeekReportRow => ({
  memberId: r.memberId!,
  memberName: displayName(r),
  businessName: r.businessName,
  ...toWeekFigures(r),
});

/** The week's rows (one query): the report page, and the email's totals when the week closes. */
export async function weekReportRows(
  db: Database | Transaction,
  meeting: WeekMeeting,
): Promise<WeekReportRow[]> {
  const { rows } = (await db.execute(reportRowsQuery(meeting))) as {
    rows: TextRow<ReportColumn>[];
  };
  return rows.map(toReportRow);
}

/** The closed meeting `id` in `scope` (404 outside it, 409 while its week is not closed). */
async function closedMeeting(db: Database, id: string, scope: ChapterScope) {
  const meeting = await meetingRowIn(db, id, scope);
  if (meeting.state !== 'closed') throw new HttpError('CONFLICT', WEEK_REPORT_MESSAGES.notClosed);
  return meeting;
}

/** GET /api/meetings/:id/report: three queries whatever the chapter's size. */
export async function weekReport(db: Database, id: string, scope: ChapterScope): Promise<WeekReport> {
  const meeting = await closedMeeting(db, id, scope);
  const schedule = await chapterSchedule(db, meeting.chapterId);
  const rows = await weekReportRows(db, meeting);
  return {
    meeting: {
      id: meeting.id,
      meetingDate: meeting.meetingDate,
      chapterName: schedule.chapterName,
      closedAt: meeting.closedAt?.toISOString() ?? null,
      edition: meeting.reportEdition,
    },
    week: reportWeek(meeting.meetingDate),
    rows,
    totals: sumWeekFigures(rows),
  };
}

/**
 * GET /api/meetings/:id/report.csv: the report streamed from a cursor, one line per member, then the
 * chapter's totals summed as the lines go out.
 */
export async function sendWeekReportCsv(reply: FastifyReply, db: Database, id: string, scope: ChapterScope) {
  const meeting = await closedMeeting(db, id, scope);
  let totals = emptyWeekFigures();
  const line = (name: string, business: string | null, figures: WeekFigures) => ({ name, business, figures });
  type Line = ReturnType<typeof line>;
  return sendCsv<Line>(
    reply,
    `palms-${meeting.meetingDate}.csv`,
    [
      { header: 'Member', value: (l) => l.name },
      { header: 'Business', value: (l) => l.business },
      ...WEEK_REPORT_COLUMNS.map((c) => ({ header: c.header, value: (l: Line) => l.figures[c.key] })),
    ],
    async (emit) => {
      await forEachBatch<ReportColumn>(db, reportRowsQuery(meeting), async (batch) => {
        const rows = batch.map(toReportRow);
        totals = sumWeekFigures([totals, ...rows]);
        await emit(rows.map((r) => line(r.memberName, r.businessName, r)));
      });
      await emit([line('Chapter totals', null, totals)]);
    },
  );
}
