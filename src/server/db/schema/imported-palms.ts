import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { chapters } from './chapters';
import { users } from './users';

/**
 * One row of a PALMS summary a chapter brought from BNI Connect: one member's counts over a week or a period.
 * These are counts, not two-party records (no referral, one-to-one or testimonial stands behind them), marked as
 * imported by living here, and counted in every figure: the kept totals add them in the month the period ends
 * (migration 0051), and a week's report adds those whose period ends in its week. A week's P, A, L, M or S is its
 * meeting's attendance record instead, so these columns hold only a longer period's attendance. The member and
 * the period are one row: importing the same summary again changes nothing.
 */
export const importedPalms = pgTable(
  'imported_palms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    present: integer('present').notNull().default(0),
    absent: integer('absent').notNull().default(0),
    late: integer('late').notNull().default(0),
    excused: integer('excused').notNull().default(0),
    substitute: integer('substitute').notNull().default(0),
    givenInside: integer('given_inside').notNull().default(0),
    givenOutside: integer('given_outside').notNull().default(0),
    receivedInside: integer('received_inside').notNull().default(0),
    receivedOutside: integer('received_outside').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    oneToOnes: integer('one_to_ones').notNull().default(0),
    closedBusiness: numeric('closed_business', { precision: 14, scale: 2 }).notNull().default('0'),
    educationUnits: integer('education_units').notNull().default(0),
    testimonials: integer('testimonials').notNull().default(0),
    importedById: uuid('imported_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('imported_palms_member_period_key').on(t.memberId, t.periodStart, t.periodEnd),
    // A week's report: the rows of the meeting's members whose period ends in the week.
    index('imported_palms_member_end_idx').on(t.memberId, t.periodEnd),
    check('imported_palms_period', sql`${t.periodStart} <= ${t.periodEnd}`),
  ],
);
