import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AgendaSegment } from '../../../domain/attendance/agenda';
import { chapters } from './chapters';
import { attendanceStatus, awayKind, meetingState } from './enums';
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
    /** Who stood in, for a substitute. */
    substituteName: text('substitute_name'),
    substituteEmail: text('substitute_email'),
    /**
     * Whether the record counts in every total: true once its meeting is closed (and for history written
     * straight in: imports, the seed). Open meetings' records are false; closing flips them in one update,
     * so the kept totals' triggers move them in the same transaction (migration 0027).
     */
    counted: boolean('counted').notNull().default(true),
    /** When the member was checked in at the door or checked themselves in; null otherwise. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    recordedById: uuid('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Saving a meeting date again updates the member's record instead of duplicating it.
    uniqueIndex('attendance_member_date_key').on(t.memberId, t.meetingDate),
    // One meeting's records by date (its CSV, a recount of its totals), status alongside.
    index('attendance_meeting_status_idx').on(t.chapterId, t.meetingDate, t.status),
    // Every chapter's meetings newest first (the agency's attendance export): a cursor's first rows come
    // off this index, each meeting sorted by name as it arrives, instead of after a sort of every record.
    index('attendance_date_idx').on(t.meetingDate),
    // A member's absences inside the rolling window (the statistics' one count not kept per month).
    // (and its lates and substitutes, which the chapter's policy may limit too). Migration 0038 adds
    // INCLUDE (status, chapter_id): the counts by status and the row-level policy then stay in the index.
    index('attendance_window_member_date_idx')
      .on(t.memberId, t.meetingDate)
      .where(sql`${t.status} not in ('present', 'excused') and ${t.counted}`),
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
    late: integer('late').notNull().default(0),
    substitute: integer('substitute').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chapterId, t.meetingDate] })],
);

/**
 * A chapter's meeting: one per week from the chapter's schedule, made ahead by the job clock,
 * or added by leadership. Its records are attendance_records of the same chapter and date.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id),
    meetingDate: date('meeting_date', { mode: 'string' }).notNull(),
    /** Local start, HH:MM, in the chapter's time zone. */
    /**
     * The schedule's week this meeting stands for (its date when made), null for an extra one: a moved or
     * holiday week is never made again by the job clock.
     */
    scheduledFor: date('scheduled_for', { mode: 'string' }),
    startTime: text('start_time').notNull(),
    place: text('place'),
    onlineUrl: text('online_url'),
    state: meetingState('state').notNull().default('scheduled'),
    /** Added by leadership beside the schedule's weekly one. */
    extra: boolean('extra').notNull().default(false),
    /**
     * Whether it counts for attendance: every weekly meeting does; an extra one as leadership chose (a chapter
     * meeting does, a social or a training does not). Closing one that does not marks nobody absent.
     */
    counts: boolean('counts').notNull().default(true),
    /** Why the week has no meeting (a holiday) or why it was reopened last. */
    note: text('note'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * The agenda timer: the chapter's template as it stood when the president started it, the
     * segment running (its length = finished) and when that segment began; all null until started.
     */
    agenda: jsonb('agenda').$type<AgendaSegment[]>(),
    agendaSegment: integer('agenda_segment'),
    agendaSegmentStartedAt: timestamp('agenda_segment_started_at', { withTimezone: true }),
    closedById: uuid('closed_by_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * How many times the week was closed: each close emails leadership its PALMS report, and
     * every close after the first says "corrected".
     */
    reportEdition: integer('report_edition').notNull().default(0),
    /** When leadership was told the meeting's day passed without it being opened: once per meeting. */
    notRecordedRemindedAt: timestamp('not_recorded_reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The reminder's pass: the weeks still scheduled that nobody was told about.
    index('meetings_not_recorded_idx')
      .on(t.meetingDate)
      .where(sql`${t.state} = 'scheduled' and ${t.notRecordedRemindedAt} is null`),
    uniqueIndex('meetings_chapter_date_key').on(t.chapterId, t.meetingDate),
    uniqueIndex('meetings_chapter_scheduled_key').on(t.chapterId, t.scheduledFor),
  ],
);

export type MeetingRow = typeof meetings.$inferSelect;

/**
 * "I'll be away": a member tells the chapter ahead of a meeting that they are excused (with a
 * reason) or send a substitute; recorded on the meeting when it opens.
 */
export const awayNotices = pgTable(
  'away_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    meetingDate: date('meeting_date', { mode: 'string' }).notNull(),
    kind: awayKind('kind').notNull(),
    reason: text('reason'),
    substituteName: text('substitute_name'),
    substituteEmail: text('substitute_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('away_notices_member_date_key').on(t.memberId, t.meetingDate),
    index('away_notices_chapter_date_idx').on(t.chapterId, t.meetingDate),
  ],
);

/**
 * Every tap at the door and every self check-in, by the id the browser gave it: a tap sent
 * again after the network returns finds its id here and changes nothing.
 */
export const checkInTaps = pgTable(
  'check_in_taps',
  {
    id: uuid('id').primaryKey(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    tappedAt: timestamp('tapped_at', { withTimezone: true }).notNull(),
    recordedById: uuid('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A meeting's taps; a member's, for deleting a member (their taps go with them).
  (t) => [
    index('check_in_taps_meeting_idx').on(t.meetingId),
    index('check_in_taps_member_idx').on(t.memberId),
  ],
);
