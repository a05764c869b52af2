import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { chapters } from './chapters';
import { attendanceStatus } from './enums';
import { users } from './users';

export const attendanceRecords = pgTable(
  'attendance_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The chapter that owns the row, filled from the member's chapter on insert (migration 0025). */
    chapterId: uuid('chapter_id')
      .notNull()
      .default(sql`null`)
      .references(() => chapters.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    meetingDate: date('meeting_date', { mode: 'string' }).notNull(),
    status: attendanceStatus('status').notNull(),
    notes: text('notes'),
    recordedById: uuid('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Saving a meeting date again updates the member's record instead of duplicating it.
    uniqueIndex('attendance_member_date_key').on(t.memberId, t.meetingDate),
    // One meeting's records by date (its CSV, a recount of its totals), status alongside.
    index('attendance_meeting_status_idx').on(t.chapterId, t.meetingDate, t.status),
    // A member's absences inside the rolling window (the statistics' one count not kept per month).
    index('attendance_absent_member_date_idx')
      .on(t.memberId, t.meetingDate)
      .where(sql`${t.status} = 'absent'`),
  ],
);

export type AttendanceRow = typeof attendanceRecords.$inferSelect;

/**
 * Each meeting's totals per status, kept by statement triggers on attendance_records in the same
 * transaction as any change to them (migration 0020), so the history's page of meetings is read, not
 * counted. A meeting whose last record goes is removed.
 */
export const attendanceMeetingTotals = pgTable(
  'attendance_meeting_totals',
  {
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id),
    meetingDate: date('meeting_date', { mode: 'string' }).notNull(),
    present: integer('present').notNull().default(0),
    absent: integer('absent').notNull().default(0),
    excused: integer('excused').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chapterId, t.meetingDate] })],
);
