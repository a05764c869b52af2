import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AgendaSegment } from '../../../domain/attendance/agenda';

/**
 * A chapter of the agency (docs/decisions/0032): its own meeting, seats, dues and leaders. Every setting left
 * null falls back to the agency's default (network_settings), then to the built-in one.
 */
export const chapters = pgTable(
  'chapters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null only between the migration that made today's network the first chapter and start-up naming it. */
    name: text('name'),
    slug: text('slug'),
    timeZone: text('time_zone'),
    /** 0 = Sunday .. 6 = Saturday. */
    meetingWeekday: integer('meeting_weekday'),
    /** Local time of day, HH:MM. */
    meetingTime: text('meeting_time'),
    meetingPlace: text('meeting_place'),
    /** An online meeting's link (http(s)), beside or instead of the place. */
    meetingUrl: text('meeting_url'),
    /** How the chapter writes the time of day ('12h' or '24h'); null is 12-hour. */
    timeFormat: text('time_format'),
    /** Minutes after the start a member still checks in on time (later is Late); null: the built-in 5. */
    onTimeMinutes: integer('on_time_minutes'),
    /** How many lates count as one absence; null: none do. */
    latesPerAbsence: integer('lates_per_absence'),
    /** Substitutes allowed in the rolling six months; null: no limit. */
    substituteLimit: integer('substitute_limit'),
    /** The meeting's agenda: segments with minutes; null: the built-in template. */
    agenda: jsonb('agenda').$type<AgendaSegment[]>(),
    defaultAnnualDues: numeric('default_annual_dues', { precision: 12, scale: 2 }),
    defaultCommissionPercent: numeric('default_commission_percent', { precision: 5, scale: 2 }),
    missedMeetingLimit: integer('missed_meeting_limit'),
    /** How many meetings one person may visit before being asked to apply; null: the built-in two. */
    visitLimit: integer('visit_limit'),
    /**
     * Whether a referral leadership keys in from a paper slip at the slips desk stands for both members (approved
     * at once) instead of waiting for the other member's answer. Off unless an administrator turns it on, audited.
     */
    deskEntryStands: boolean('desk_entry_stands').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chapters_slug_key').on(t.slug),
    check('chapters_time_format', sql`${t.timeFormat} in ('12h', '24h')`),
    check('chapters_meeting_weekday_range', sql`${t.meetingWeekday} between 0 and 6`),
  ],
);

export type ChapterRow = typeof chapters.$inferSelect;
