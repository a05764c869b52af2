import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { VISITOR_SOURCES, VISITOR_STAGES } from '../../../domain/visitors/status';
import { meetings } from './attendance';
import { chapters } from './chapters';
import { users } from './users';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A person who visits (or was invited to visit) a chapter: one row per chapter and email address. Only what
 * the visit form asks is kept, and leadership deletes it on request (audited).
 */
export const visitors = pgTable(
  'visitors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    business: text('business'),
    industry: text('industry'),
    note: text('note'),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    stage: text('stage').notNull().default('registered'),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One person per chapter, whatever the case of their address: a second registration finds the first.
    uniqueIndex('visitors_chapter_email_key').on(t.chapterId, sql`lower(${t.email})`),
    // "My visitors": the ones a member invited, newest first.
    index('visitors_invited_by_idx').on(t.invitedById, t.createdAt),
    check('visitors_stage', sql`${t.stage} in (${inList(VISITOR_STAGES)})`),
    check('visitors_source', sql`${t.source} in (${inList(VISITOR_SOURCES)})`),
  ],
);

/**
 * A visitor's seat at one meeting. Its id is the calendar invitation's UID; `sequence` rises with each change
 * sent (the meeting moved, called off). `remindedAt` is set in the statement that picks it for the reminder,
 * so two instances never both send one.
 */
export const visitorVisits = pgTable(
  'visitor_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id),
    visitorId: uuid('visitor_id')
      .notNull()
      .references(() => visitors.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('visitor_visits_visitor_meeting_key').on(t.visitorId, t.meetingId),
    // A meeting's visitors (when it moves, when it is called off, its reminders).
    index('visitor_visits_meeting_idx').on(t.meetingId),
    // The reminders' pass: only visits still to remind are in it.
    index('visitor_visits_unreminded_idx')
      .on(t.meetingId)
      .where(sql`${t.remindedAt} is null and ${t.cancelledAt} is null`),
  ],
);

/**
 * Emails to people who have no account (a visitor's confirmation, its updates, its reminder), written in
 * the transaction of the change they tell about and sent by the same worker pattern as notifications:
 * pending -> claimed -> sending -> sent, or back to pending with a later attempt, or failed.
 */
export const outboundEmails = pgTable(
  'outbound_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id),
    visitId: uuid('visit_id').references(() => visitorVisits.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The iCalendar invitation sent with it (METHOD REQUEST or CANCEL), if any. */
    calendarMethod: text('calendar_method'),
    calendar: text('calendar'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    claimedBy: text('claimed_by'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbound_emails_queue_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'claimed', 'sending')`),
  ],
);
