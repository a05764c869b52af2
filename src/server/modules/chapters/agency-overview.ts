import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { absenceWindowStart, attendanceRate, NO_ATTENDANCE_POLICY } from '../../../domain/attendance/stats';
import { type AgencyOverview, monthLabel, overviewMonths } from '../../../domain/chapters/overview';
import { todayIn } from '../../../domain/dates';
import { type Database, selectRows } from '../../db/client';
import { sendCsv } from '../../http/csv';
import { chapterMemberCount, chapterOpenSeatCount } from './chapter-counts';

interface ChapterFigures {
  id: string;
  name: string | null;
  slug: string | null;
  members: number;
  open_seats: number;
  pending: number;
  present: number;
  late: number;
  substitute: number;
  absent: number;
}

interface MonthRow {
  chapter_id: string;
  month: string;
  referrals: number;
  revenue: string;
}

/** The first day of the month after `firstDay`. */
const nextMonth = (firstDay: string) => {
  const [y, m] = firstDay.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/**
 * Every chapter side by side: members (guests aside), open seats (industries nobody holds),
 * pending applications, the attendance rate of the closed weeks in the absence window (the domain's rule), and per
 * month approved referrals with a party in the chapter and their amount. A referral between two chapters
 * counts in both: both chapters' figures move (once in a chapter when both parties are in it). Two queries
 * whatever the number of chapters, neither reading a referral nor counting members: the months come from
 * chapter_month_totals, the members from chapter_user_totals, and open seats probe the seat index per industry.
 */
export async function agencyOverview(db: Database, today = todayIn()): Promise<AgencyOverview> {
  const months = overviewMonths(today);
  const from = months[0]!;
  const to = nextMonth(months.at(-1)!);
  const [chapterRows, monthRows] = await Promise.all([
    selectRows<ChapterFigures>(
      db,
      sql`select c.id, c.name, c.slug,
            ${chapterMemberCount(sql`c.id`)} as members, ${chapterOpenSeatCount(sql`c.id`)} as open_seats,
            (select count(*)::int from applications a where a.chapter_id = c.id and a.status = 'pending') as pending,
            coalesce(t.present, 0)::int as present, coalesce(t.absent, 0)::int as absent,
            coalesce(t.late, 0)::int as late, coalesce(t.substitute, 0)::int as substitute
          from chapters c
          left join lateral (
            select sum(m.present) as present, sum(m.absent) as absent, sum(m.late) as late,
              sum(m.substitute) as substitute
            from attendance_meeting_totals m
            join meetings w on w.chapter_id = m.chapter_id and w.meeting_date = m.meeting_date and w.state = 'closed'
            where m.chapter_id = c.id and m.meeting_date >= ${absenceWindowStart(today)} and m.meeting_date <= ${today}
          ) t on true
          order by c.created_at, c.id`,
    ),
    // The kept months (chapter_month_totals, kept by triggers), never the referrals themselves: a few rows a
    // chapter however many referrals the network holds.
    selectRows<MonthRow>(
      db,
      sql`select chapter_id, month::text as month, referrals, revenue::numeric(14, 2)::text as revenue
          from chapter_month_totals
          where month >= ${from} and month < ${to} and (referrals <> 0 or revenue <> 0)`,
    ),
  ]);
  const byChapterMonth = new Map(monthRows.map((r) => [`${r.chapter_id}:${r.month}`, r]));
  return {
    months,
    chapters: chapterRows.map((c) => ({
      id: c.id,
      name: c.name ?? '',
      slug: c.slug ?? '',
      members: c.members,
      openSeats: c.open_seats,
      pendingApplications: c.pending,
      // A chapter's rate over its closed weeks; the lates rule is a member's, so here a late attends.
      attendanceRate: attendanceRate(
        {
          totalPresent: c.present,
          totalAbsent: c.absent,
          totalExcused: 0,
          totalLate: c.late,
          totalSubstitute: c.substitute,
        },
        NO_ATTENDANCE_POLICY,
      ),
      referrals: months.map((m) => byChapterMonth.get(`${c.id}:${m}`)?.referrals ?? 0),
      revenue: months.map((m) => byChapterMonth.get(`${c.id}:${m}`)?.revenue ?? '0.00'),
    })),
  };
}

/** The overview as a spreadsheet: one row per chapter, the months' referrals and revenue as columns. */
export async function sendAgencyOverviewCsv(reply: FastifyReply, db: Database) {
  const overview = await agencyOverview(db);
  type Row = AgencyOverview['chapters'][number];
  const columns: Array<{ header: string; value: (row: Row) => unknown }> = [
    { header: 'Chapter', value: (r) => r.name },
    { header: 'Members', value: (r) => r.members },
    { header: 'Open seats', value: (r) => r.openSeats },
    { header: 'Pending applications', value: (r) => r.pendingApplications },
    { header: 'Attendance rate (%)', value: (r) => r.attendanceRate ?? '' },
    ...overview.months.flatMap((month, i) => [
      { header: `Referrals ${monthLabel(month)}`, value: (r: Row) => r.referrals[i] },
      { header: `Revenue ${monthLabel(month)}`, value: (r: Row) => r.revenue[i] },
    ]),
  ];
  return sendCsv(reply, `agency-overview-${todayIn()}.csv`, columns, overview.chapters);
}
