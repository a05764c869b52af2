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
  WEEK_REPORT_NAME_HEADERS,
  type WeekFigures,
  type WeekReport,
  type WeekReportRow,
} from '../../../domain/attendance/week-report';
import { displayName } from '../../../domain/members/display-name';
import type { ChapterScope } from '../../db/chapter-scope';
import type { Database, Transaction } from '../../db/client';
import { forEachBatch, type TextRow } from '../../db/cursor';
import {
  attendanceRecords,
  educationUnits,
  importedPalms,
  type MeetingRow,
  meetings,
  oneToOnes,
  referrals,
  testimonials,
  users,
} from '../../db/schema';
import { sendCsv } from '../../http/csv';
import { HttpError } from '../../lib/http-error';
import { meetingRowIn } from './meeting-queries';
import { chapterSchedule } from './meeting-settings';

type WeekMeeting = Pick<MeetingRow, 'chapterId' | 'meetingDate'>;
export type SlipColumn =
  | 'status'
  | 'givenInside'
  | 'givenOutside'
  | 'receivedInside'
  | 'receivedOutside'
  | 'closed'
  | 'visitors'
  | 'oneToOnes'
  | 'educationUnits'
  | 'testimonials';
type ReportColumn = SlipColumn | 'memberId' | 'firstName' | 'lastName' | 'businessName';

/**
 * The slips dated in the week (`from` to `to`, calendar dates) of the members `among` selects (a subquery of
 * member ids, of the chapter `chapterId`). Referrals: those each gave and received (a declined one never
 * counts), each inside (the other member is of the chapter) or outside (another chapter, or a former member), and the closed business they
 * thanked others for (approved referrals they received: the amount is final once the other party confirmed
 * it), dated by the referral's own date, as the member entered it, so imported history lands in its own weeks.
 * Beside them: the visitors each brought (a first visit credited at a meeting of the week,
 * visitor_visits_credited_idx), their held one-to-ones (each counts for both members, one_to_ones_member_a_idx
 * and _b_idx; a disputed one for neither), their education units (education_units_member_idx) and the
 * testimonials they wrote (testimonials_writer_idx), and the counts of an imported PALMS summary whose period ends
 * in the week (imported_palms_member_end_idx). Narrowed to `among` before anything is summed, so the
 * cost follows the chapter, not the network: the planner probes each member's referrals by date
 * (referrals_referrer_sale_idx, referrals_reporter_sale_idx) or reads the week (referrals_sale_date_idx).
 */
export const weekSlips = ({ from, to }: { from: string; to: string }, among: SQL, chapterId: string) => sql`
  select member_id, sum(given_inside)::int as given_inside, sum(given_outside)::int as given_outside,
    sum(received_inside)::int as received_inside, sum(received_outside)::int as received_outside,
    sum(closed) as closed, sum(visitors)::int as visitors, sum(one_to_ones)::int as one_to_ones,
    sum(ceus)::int as ceus, sum(testimonials)::int as testimonials
  from (
    select r.referrer_id as member_id, inside::int as given_inside, (not inside)::int as given_outside,
      0 as received_inside, 0 as received_outside, 0::numeric as closed, 0 as visitors, 0 as one_to_ones,
      0 as ceus, 0 as testimonials
    from ${referrals} r
    left join ${users} other on other.id = r.reporter_id
    cross join lateral (select coalesce(other.chapter_id = ${chapterId}, false) as inside) i
    where r.referrer_id in (${among}) and r.sale_date between ${from} and ${to} and r.status <> 'declined'
    union all
    select r.reporter_id, 0, 0, inside::int, (not inside)::int,
      case when r.status = 'approved' then r.amount else 0 end, 0, 0, 0, 0
    from ${referrals} r
    left join ${users} other on other.id = r.referrer_id
    cross join lateral (select coalesce(other.chapter_id = ${chapterId}, false) as inside) i
    where r.reporter_id in (${among}) and r.sale_date between ${from} and ${to} and r.status <> 'declined'
    union all
    select v.credited_member_id, 0, 0, 0, 0, 0, 1, 0, 0, 0
    from visitor_visits v join ${meetings} m on m.id = v.meeting_id
    where v.credited_member_id in (${among}) and m.meeting_date between ${from} and ${to}
    union all
    select o.member_a_id, 0, 0, 0, 0, 0, 0, 1, 0, 0
    from ${oneToOnes} o
    where o.member_a_id in (${among}) and o.met_on between ${from} and ${to} and o.status = 'held'
    union all
    select o.member_b_id, 0, 0, 0, 0, 0, 0, 1, 0, 0
    from ${oneToOnes} o
    where o.member_b_id in (${among}) and o.met_on between ${from} and ${to} and o.status = 'held'
    union all
    select e.member_id, 0, 0, 0, 0, 0, 0, 0, 1, 0
    from ${educationUnits} e
    where e.member_id in (${among}) and e.earned_on between ${from} and ${to}
    union all
    select t.writer_id, 0, 0, 0, 0, 0, 0, 0, 0, 1
    from ${testimonials} t
    where t.writer_id in (${among}) and t.given_on between ${from} and ${to}
    union all
    select p.member_id, p.given_inside, p.given_outside, p.received_inside, p.received_outside, p.closed_business,
      p.visitors, p.one_to_ones, p.education_units, p.testimonials
    from ${importedPalms} p
    where p.member_id in (${among}) and p.period_end between ${from} and ${to}
  ) s
  group by member_id`;

/** The slips' figures of `s` (a row of weekSlips, or none) as text columns. */
export const slipColumns = sql`coalesce(s.given_inside, 0)::text as "givenInside",
  coalesce(s.given_outside, 0)::text as "givenOutside", coalesce(s.received_inside, 0)::text as "receivedInside",
  coalesce(s.received_outside, 0)::text as "receivedOutside",
  coalesce(s.closed, 0)::numeric(14, 2)::text as closed, coalesce(s.visitors, 0)::text as visitors,
  coalesce(s.one_to_ones, 0)::text as "oneToOnes", coalesce(s.ceus, 0)::text as "educationUnits",
  coalesce(s.testimonials, 0)::text as testimonials`;

/** The report's rows in one query: every record of the meeting, its member's name and their week's slips. */
function reportRowsQuery(meeting: WeekMeeting) {
  return sql`
    with slips as (${weekSlips(
      reportWeek(meeting.meetingDate),
      sql`select m.member_id from ${attendanceRecords} m
        where m.chapter_id = ${meeting.chapterId} and m.meeting_date = ${meeting.meetingDate}`,
      meeting.chapterId,
    )})
    select a.member_id::text as "memberId", u.first_name as "firstName", u.last_name as "lastName",
      u.business_name as "businessName", a.status::text as status,
      ${slipColumns}
    from ${attendanceRecords} a
    join ${users} u on u.id = a.member_id
    left join slips s on s.member_id = a.member_id
    where a.chapter_id = ${meeting.chapterId} and a.meeting_date = ${meeting.meetingDate}
    order by lower(coalesce(u.first_name, '')), lower(coalesce(u.last_name, '')), u.id`;
}

/** A member's figures from a row of slips and (when recorded) their status. */
export function toWeekFigures(r: TextRow<SlipColumn>): WeekFigures {
  const count = (column: SlipColumn) => Number(r[column] ?? 0);
  const figures: WeekFigures = {
    ...emptyWeekFigures(),
    givenInside: count('givenInside'),
    givenOutside: count('givenOutside'),
    receivedInside: count('receivedInside'),
    receivedOutside: count('receivedOutside'),
    referralsGiven: count('givenInside') + count('givenOutside'),
    referralsReceived: count('receivedInside') + count('receivedOutside'),
    closedBusiness: r.closed ?? '0.00',
    visitors: count('visitors'),
    oneToOnes: count('oneToOnes'),
    educationUnits: count('educationUnits'),
    testimonials: count('testimonials'),
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
  const line = (firstName: string | null, lastName: string | null, figures: WeekFigures) => ({
    firstName,
    lastName,
    figures,
  });
  type Line = ReturnType<typeof line>;
  const [first, last] = WEEK_REPORT_NAME_HEADERS;
  return sendCsv<Line>(
    reply,
    `palms-${meeting.meetingDate}.csv`,
    [
      { header: first, value: (l) => l.firstName },
      { header: last, value: (l) => l.lastName },
      ...WEEK_REPORT_COLUMNS.map((c) => ({ header: c.short, value: (l: Line) => l.figures[c.key] })),
    ],
    async (emit) => {
      await forEachBatch<ReportColumn>(db, reportRowsQuery(meeting), async (batch) => {
        totals = sumWeekFigures([totals, ...batch.map(toWeekFigures)]);
        // A member without a first name is named as everywhere else (business, else email) in its column.
        await emit(
          batch.map((r) =>
            line(r.firstName ?? displayName(r), r.firstName ? r.lastName : null, toWeekFigures(r)),
          ),
        );
      });
      await emit([line('Chapter totals', null, totals)]);
    },
  );
}
