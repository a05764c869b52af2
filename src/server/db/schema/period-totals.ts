import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { chapters } from './chapters';
import { attendanceOrderOf } from './member-totals';
import { users } from './users';

/** The periods kept as sums: every period the roster offers but all time (member_totals keeps that). */
const KEPT_PERIOD = sql`period in ('month', 'quarter', 'ytd', 'year')`;

/**
 * Which months each kept period spans (first days, inclusive), one row per period, written only by
 * `refresh_member_period_totals` together with the sums (migration 0039). The roster uses the sums only while
 * these equal the periods around today; the month after, it sums the months itself until the sums are moved.
 */
export const periodTotalRanges = pgTable(
  'period_total_ranges',
  {
    period: text('period').primaryKey(),
    fromMonth: date('from_month', { mode: 'string' }).notNull(),
    toMonth: date('to_month', { mode: 'string' }).notNull(),
  },
  () => [check('period_total_ranges_period', KEPT_PERIOD)],
);

/**
 * Each member's roster figures over each period of `period_total_ranges`, one row per member and period (every
 * member has them from the day they join), kept by a trigger on member_month_totals in the same transaction as
 * the months (migration 0039). A chapter's roster over a quarter sorted by referrals then walks an index a page
 * at a time instead of adding up every member's months (docs/decisions/0048).
 */
export const memberPeriodTotals = pgTable(
  'member_period_totals',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    /** The member's chapter, kept by triggers as on member_totals: the chapter policy reads it. */
    chapterId: uuid('chapter_id').references(() => chapters.id),
    givenCount: integer('given_count').notNull().default(0),
    receivedCount: integer('received_count').notNull().default(0),
    present: integer('present').notNull().default(0),
    absent: integer('absent').notNull().default(0),
    late: integer('late').notNull().default(0),
    substitute: integer('substitute').notNull().default(0),
    /** The roster's order by attendance over the period, as member_totals' column for all time. */
    attendanceOrder: numeric('attendance_order').generatedAlwaysAs(
      attendanceOrderOf(sql.raw('present + late + substitute'), sql.raw('absent')),
    ),
    /** The roster's order by referrals over the period: given and received. */
    referralCount: integer('referral_count').generatedAlwaysAs(sql`given_count + received_count`),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.period] }),
    check('member_period_totals_period', KEPT_PERIOD),
    // The agency's roster over a period, then a chapter's (as the chapter policy filters), in either order.
    index('member_period_totals_attendance_order_idx').on(t.period, t.attendanceOrder, t.memberId),
    index('member_period_totals_referral_count_idx').on(t.period, t.referralCount, t.memberId),
    index('member_period_totals_chapter_attendance_idx').on(
      t.period,
      t.chapterId,
      t.attendanceOrder,
      t.memberId,
    ),
    index('member_period_totals_chapter_referrals_idx').on(
      t.period,
      t.chapterId,
      t.referralCount,
      t.memberId,
    ),
  ],
);
