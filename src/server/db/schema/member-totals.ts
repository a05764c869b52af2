import { type SQL, sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { chapters } from './chapters';
import { users } from './users';

/**
 * The roster's order by attendance from attended (present, late, substitute) and absent counts:
 * attended / (attended + absent), unrounded, -1 before any meeting counts (excused counts nowhere). Only an order: the rate shown is the
 * domain's attendanceRate. One definition for the kept column and a period's sums.
 */
export const attendanceOrderOf = (attended: SQL, absent: SQL) =>
  sql`case when ${attended} + ${absent} = 0 then -1 else (${attended})::numeric / (${attended} + ${absent}) end`;

/** The kept figures' columns (fresh builders for each table). */
const figures = () => ({
  givenCount: integer('given_count').notNull().default(0),
  // Plain numeric, like the sums it replaces: no number of referrals can overflow it.
  givenAmount: numeric('given_amount').notNull().default('0'),
  receivedCount: integer('received_count').notNull().default(0),
  receivedAmount: numeric('received_amount').notNull().default('0'),
  present: integer('present').notNull().default(0),
  absent: integer('absent').notNull().default(0),
  excused: integer('excused').notNull().default(0),
  late: integer('late').notNull().default(0),
  substitute: integer('substitute').notNull().default(0),
  // The week's slips (migration 0050): held one-to-ones (for each member), education units, testimonials
  // written, and visitors credited, each in the month of its own date (a visit's meeting's).
  oneToOnes: integer('one_to_ones').notNull().default(0),
  educationUnits: integer('education_units').notNull().default(0),
  testimonials: integer('testimonials').notNull().default(0),
  visitors: integer('visitors').notNull().default(0),
});

/**
 * Each member's figures per calendar month, kept by statement triggers on referrals and
 * attendance_records in the same transaction as any change to them (migration 0021), so metrics and
 * attendance statistics add up a few months' rows instead of counting every referral and record.
 * Referral figures count approved referrals only, in the month of their sale date; `given` is the member
 * as referrer, `received` as recipient. Attendance counts are per status in the month of the meeting.
 */
export const memberMonthTotals = pgTable(
  'member_month_totals',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member's chapter, kept by triggers (migration 0032): the chapter policy reads it, as on users. */
    chapterId: uuid('chapter_id').references(() => chapters.id),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    ...figures(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.month] }),
    // A chapter's months in a period (a chapter's roster over a quarter), as the chapter policy filters.
    index('member_month_totals_chapter_month_idx').on(t.chapterId, t.month),
  ],
);

/**
 * The same figures for all time, one row per member (every member has one from the day they join,
 * migration 0022), kept by the same triggers: a batch of a hundred members' statistics reads a hundred
 * rows by key, and the roster walks its sort indexes a page at a time (docs/decisions/0027).
 */
export const memberTotals = pgTable(
  'member_totals',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member's chapter, kept by triggers (migration 0032): the chapter policy reads it, as on users. */
    chapterId: uuid('chapter_id').references(() => chapters.id),
    ...figures(),
    /**
     * The roster's order by attendance: attended / (attended + absent), unrounded, -1 before any meeting
     * counts. Only an order: the rate shown is the domain's attendanceRate of the counts.
     */
    attendanceOrder: numeric('attendance_order').generatedAlwaysAs(
      attendanceOrderOf(sql.raw('present + late + substitute'), sql.raw('absent')),
    ),
    /** The roster's order by referrals: given and received. */
    referralCount: integer('referral_count').generatedAlwaysAs(sql`given_count + received_count`),
  },
  (t) => [
    index('member_totals_attendance_order_idx').on(t.attendanceOrder, t.memberId),
    index('member_totals_referral_count_idx').on(t.referralCount, t.memberId),
    // A chapter's members' figures (the roster over a period sums only theirs), as the chapter policy filters.
    index('member_totals_chapter_idx').on(t.chapterId, t.memberId),
  ],
);

/**
 * The network's approved referrals and their revenue (the public home page's figure), one row kept by
 * the same referral trigger, so the home page reads a row instead of summing every referral.
 */
export const networkTotals = pgTable(
  'network_totals',
  {
    id: integer('id').primaryKey().default(1),
    approvedCount: integer('approved_count').notNull().default(0),
    approvedAmount: numeric('approved_amount').notNull().default('0'),
  },
  (t) => [check('network_totals_one_row', sql`${t.id} = 1`)],
);

/**
 * How many accounts there are (the roster's total before any filter), one row kept by statement triggers
 * on users (migration 0023), so the roster's first page is one statement. Its own table: a member joining
 * never waits on a referral approval's lock of network_totals.
 */
export const userTotals = pgTable(
  'user_totals',
  {
    id: integer('id').primaryKey().default(1),
    userCount: integer('user_count').notNull().default(0),
  },
  (t) => [check('user_totals_one_row', sql`${t.id} = 1`)],
);

/**
 * Each chapter's accounts, kept by statement triggers on users (migration 0025) beside `user_totals`: a
 * chapter's roster reads its total as the agency's does, in the page's own statement.
 */
export const chapterUserTotals = pgTable('chapter_user_totals', {
  chapterId: uuid('chapter_id')
    .primaryKey()
    .references(() => chapters.id),
  userCount: integer('user_count').notNull().default(0),
  /**
   * Its members (accounts other than guests), kept by the same triggers (migration 0040): the chapters list,
   * the public chapters and the agency overview read it instead of counting the chapter's members.
   */
  memberCount: integer('member_count').notNull().default(0),
});

/**
 * Each chapter's approved referrals per calendar month of sale, with a party in the chapter (a referral
 * between two chapters counts in both, once in a chapter when both parties are in it), kept by triggers on
 * referrals and on members' chapter moves and removals (migration 0035), so the agency overview reads a few
 * rows per chapter instead of the network's referrals.
 */
export const chapterMonthTotals = pgTable(
  'chapter_month_totals',
  {
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    referrals: integer('referrals').notNull().default(0),
    revenue: numeric('revenue').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.chapterId, t.month] })],
);
