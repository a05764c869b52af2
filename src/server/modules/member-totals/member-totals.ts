import { sql } from 'drizzle-orm';
import type { MonthFigures } from '../../../domain/periods/month-figures';
import { type Database, selectRows } from '../../db/client';

/** One member's figures for one month, as kept in member_month_totals (amounts as exact decimal text). */
export type MemberMonth = MonthFigures & {
  memberId: string;
  oneToOnes: number;
  educationUnits: number;
  testimonials: number;
  visitors: number;
};

/** The figures as the comparison reads them: ints, amounts rounded to cents as text. */
const figureColumns = sql`given_count::int as "givenCount", round(given_amount, 2)::text as "givenAmount",
  received_count::int as "receivedCount", round(received_amount, 2)::text as "receivedAmount",
  present::int as present, absent::int as absent, excused::int as excused,
  late::int as late, substitute::int as substitute, one_to_ones::int as "oneToOnes",
  education_units::int as "educationUnits", testimonials::int as testimonials, visitors::int as visitors`;
const columns = sql`member_id::text as "memberId", month::text as month, ${figureColumns}`;
const allTimeColumns = sql`member_id::text as "memberId", ${figureColumns}`;

/**
 * The same figures counted afresh from referrals and attendance_records (migration 0021's backfill), and the
 * slips (migration 0050's): held one-to-ones for each member, education units, testimonials for their writer,
 * and credited visits in their meeting's month; and imported PALMS counts in the month their period ends.
 */
const recount = sql`
  select member_id, month,
    sum(given_count) as given_count, sum(given_amount) as given_amount,
    sum(received_count) as received_count, sum(received_amount) as received_amount,
    sum(present) as present, sum(absent) as absent, sum(excused) as excused,
    sum(late) as late, sum(substitute) as substitute, sum(one_to_ones) as one_to_ones,
    sum(education_units) as education_units, sum(testimonials) as testimonials, sum(visitors) as visitors
  from (
    select referrer_id as member_id, date_trunc('month', sale_date)::date as month,
      1 as given_count, amount as given_amount, 0 as received_count, 0::numeric as received_amount,
      0 as present, 0 as absent, 0 as excused, 0 as late, 0 as substitute,
      0 as one_to_ones, 0 as education_units, 0 as testimonials, 0 as visitors
    from referrals where status = 'approved' and referrer_id is not null
    union all
    select reporter_id, date_trunc('month', sale_date)::date, 0, 0, 1, amount, 0, 0, 0, 0, 0, 0, 0, 0, 0
    from referrals where status = 'approved' and reporter_id is not null
    union all
    select member_id, date_trunc('month', meeting_date)::date, 0, 0, 0, 0,
      (status = 'present')::int, (status = 'absent')::int, (status = 'excused')::int,
      (status = 'late')::int, (status = 'substitute')::int, 0, 0, 0, 0
    -- Only closed weeks count.
    from attendance_records where counted
    union all
    select member_a_id, date_trunc('month', met_on)::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0
    from one_to_ones where status = 'held' and member_a_id is not null
    union all
    select member_b_id, date_trunc('month', met_on)::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0
    from one_to_ones where status = 'held' and member_b_id is not null
    union all
    select member_id, date_trunc('month', earned_on)::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0
    from education_units
    union all
    select writer_id, date_trunc('month', given_on)::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0
    from testimonials where writer_id is not null
    union all
    select v.credited_member_id, date_trunc('month', m.meeting_date)::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
    from visitor_visits v join meetings m on m.id = v.meeting_id where v.credited_member_id is not null
    union all
    -- Imported PALMS counts (migration 0051), in the month their period ends.
    select member_id, date_trunc('month', period_end)::date, given_inside + given_outside, 0,
      received_inside + received_outside, closed_business, present, absent, excused, late, substitute,
      one_to_ones, education_units, testimonials, visitors
    from imported_palms
  ) as d
  group by member_id, month`;

// A month whose figures all went back to zero is kept as a row of zeros; a recount has no row for it.
const nonZero = sql`(given_count <> 0 or given_amount <> 0 or received_count <> 0 or received_amount <> 0
  or present <> 0 or absent <> 0 or excused <> 0 or late <> 0 or substitute <> 0
  or one_to_ones <> 0 or education_units <> 0 or testimonials <> 0 or visitors <> 0)`;

/** The kept figures, months of zeros left out, in (member, month) order. */
export const keptMemberMonths = (db: Pick<Database, 'execute'>) =>
  selectRows<MemberMonth>(
    db,
    sql`select ${columns} from member_month_totals where ${nonZero} order by member_id, month`,
  );

/** The figures recounted from the source rows, in (member, month) order. */
export const recountedMemberMonths = (db: Pick<Database, 'execute'>) =>
  selectRows<MemberMonth>(db, sql`select ${columns} from (${recount}) as r order by member_id, month`);

/** A member's all-time figures as member_totals keeps them (month left out). */
export type MemberAllTime = Omit<MemberMonth, 'month'>;

const recountAllTime = sql`select member_id, sum(given_count) as given_count, sum(given_amount) as given_amount,
  sum(received_count) as received_count, sum(received_amount) as received_amount,
  sum(present) as present, sum(absent) as absent, sum(excused) as excused,
  sum(late) as late, sum(substitute) as substitute, sum(one_to_ones) as one_to_ones,
  sum(education_units) as education_units, sum(testimonials) as testimonials, sum(visitors) as visitors
  from (${recount}) as m group by member_id`;

/** The kept all-time figures, members at zero left out, by member. */
export const keptAllTime = (db: Pick<Database, 'execute'>) =>
  selectRows<MemberAllTime>(
    db,
    sql`select ${allTimeColumns} from member_totals where ${nonZero} order by member_id`,
  );

/**
 * Each chapter's approved referrals per sale month counted afresh: a referral once in each distinct chapter of
 * its parties (migration 0035's backfill).
 */
const chapterMonthsRecount = sql`
  select chapter_id, month::text as month, count(*)::int as referrals, round(sum(amount), 2)::text as revenue
  from (
    select distinct r.id, r.amount, date_trunc('month', r.sale_date)::date as month, u.chapter_id
    from referrals r join users u on u.id in (r.referrer_id, r.reporter_id)
    where r.status = 'approved' and u.chapter_id is not null
  ) as p
  group by chapter_id, month`;

/** Each member's sums over each kept period (member_period_totals) added up afresh from their months. */
const periodSumsRecount = sql`
  select t.member_id::text as "memberId", r.period,
    coalesce(sum(m.given_count), 0)::int as "givenCount", coalesce(sum(m.received_count), 0)::int as "receivedCount",
    coalesce(sum(m.present), 0)::int as present, coalesce(sum(m.absent), 0)::int as absent,
    coalesce(sum(m.late), 0)::int as late, coalesce(sum(m.substitute), 0)::int as substitute,
    t.chapter_id as "chapterId"
  from member_totals t cross join period_total_ranges r
  left join member_month_totals m on m.member_id = t.member_id and m.month between r.from_month and r.to_month
  group by t.member_id, r.period, t.chapter_id`;
const keptPeriodSums = sql`
  select member_id::text as "memberId", period, given_count as "givenCount", received_count as "receivedCount",
    present, absent, late, substitute, chapter_id as "chapterId"
  from member_period_totals`;

/** The periods' half of memberTotalsDifferences (period sums against the months, not the months' sources). */
const periodSumsDifferenceRows = sql`
    select coalesce(k."memberId", r."memberId") as "memberId", coalesce(k.period, r.period) as month,
      to_jsonb(k) as kept, to_jsonb(r) as recounted
    from (${keptPeriodSums}) as k
    full join (${periodSumsRecount}) as r on r."memberId" = k."memberId" and r.period = k.period
    where k is distinct from r`;

/** Where member_period_totals differs from its months added up afresh; empty when its triggers kept up. */
export const periodSumsDifferences = (db: Pick<Database, 'execute'>) =>
  selectRows<TotalsDifference>(db, sql`${periodSumsDifferenceRows} order by 1, 2`);

/** One place where kept figures and a recount disagree. */
export interface TotalsDifference {
  memberId: string | null;
  /** The month, or the period of member_period_totals (month, quarter, ytd, year). */
  month: string | null;
  kept: object | null;
  recounted: object | null;
}

/**
 * Where the kept figures differ from a recount, each with both sides (null where one side has no row):
 * (member, month) pairs of member_month_totals, members of member_totals (month null), the
 * network's row and the count of accounts (both null), each chapter's months (member null), and each member's
 * sums over the kept periods (month holding the period's name). Empty when the triggers kept every change.
 */
export function memberTotalsDifferences(db: Pick<Database, 'execute'>) {
  return selectRows<TotalsDifference>(
    db,
    sql`
    select coalesce(k."memberId", r."memberId") as "memberId", coalesce(k.month, r.month) as month,
      to_jsonb(k) as kept, to_jsonb(r) as recounted
    from (select ${columns} from member_month_totals where ${nonZero}) as k
    full join (select ${columns} from (${recount}) as r) as r
      on r."memberId" = k."memberId" and r.month = k.month
    where k is distinct from r
    union all
    select coalesce(k."memberId", r."memberId"), null, to_jsonb(k), to_jsonb(r)
    from (select ${allTimeColumns} from member_totals where ${nonZero}) as k
    full join (select ${allTimeColumns} from (${recountAllTime}) as r) as r on r."memberId" = k."memberId"
    where k is distinct from r
    union all
    select null, null, to_jsonb(k), to_jsonb(r)
    from (select approved_count::int as count, round(approved_amount, 2)::text as amount
          from network_totals where approved_count <> 0 or approved_amount <> 0) as k
    full join (select count(*)::int as count, round(sum(amount), 2)::text as amount
               from referrals where status = 'approved' having count(*) > 0) as r on true
    where k is distinct from r
    union all
    select null, null, to_jsonb(k), to_jsonb(r)
    from (select coalesce((select user_count from user_totals), 0)::int as accounts) as k
    cross join (select count(*)::int as accounts from users) as r
    where k is distinct from r
    union all
    select null, null, to_jsonb(k), to_jsonb(r)
    from (select chapter_id, user_count as accounts, member_count as members from chapter_user_totals
          where user_count <> 0 or member_count <> 0) as k
    full join (select chapter_id, count(*)::int as accounts, count(*) filter (where role <> 'GUEST')::int as members
               from users where chapter_id is not null group by chapter_id) as r on r.chapter_id = k.chapter_id
    where k is distinct from r
    union all
    select null, coalesce(k.month, r.month), to_jsonb(k), to_jsonb(r)
    from (select chapter_id, month::text as month, referrals, round(revenue, 2)::text as revenue
          from chapter_month_totals where referrals <> 0 or revenue <> 0) as k
    full join (${chapterMonthsRecount}) as r on r.chapter_id = k.chapter_id and r.month = k.month
    where k is distinct from r
    union all
    ${periodSumsDifferenceRows}
    order by 1, 2`,
  );
}
