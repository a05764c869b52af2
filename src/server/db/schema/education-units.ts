import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { meetings } from './attendance';
import { users } from './users';

/**
 * One education unit (a CEU slip): a member learned something about their business or networking. Each row is
 * one unit, as BNI counts them, whatever its minutes. A member records their own; leadership records one for
 * everyone present at a meeting (a chapter training), tied to the meeting so recording it again adds no second
 * unit. Like one-to-ones it carries no chapter: the member's chapter counts it, and every read is the member's.
 */
export const educationUnits = pgTable(
  'education_units',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    earnedOn: date('earned_on', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    minutes: integer('minutes').notNull(),
    recordedById: uuid('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The meeting leadership recorded it for, when it was a chapter's training. */
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The member's list (keyset on date, id, newest first) and the week's counts by date range.
    index('education_units_member_idx').on(
      t.memberId,
      t.earnedOn.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    uniqueIndex('education_units_meeting_member_key').on(t.meetingId, t.memberId, t.title),
    check('education_units_minutes', sql`${t.minutes} between 0 and 1440`),
  ],
);
export type EducationUnitRow = typeof educationUnits.$inferSelect;
