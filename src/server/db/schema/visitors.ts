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
import { FOLLOW_UP_OUTCOMES, STAGE_CAUSES } from '../../../domain/visitors/pipeline';
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
    /** The account they became a member with, once an application from this visit was approved. */
    memberUserId: uuid('member_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One person per chapter, whatever the case of their address: a second registration finds the first.
    uniqueIndex('visitors_chapter_email_key').on(t.chapterId, sql`lower(${t.email})`),
    // "My visitors": the ones a member invited, newest first.
    index('visitors_invited_by_idx').on(t.invitedById, t.createdAt),
    // The Visitors tab's pipeline: a chapter's visitors of one stage, newest first.
    index('visitors_chapter_stage_idx').on(t.chapterId, t.stage, t.updatedAt),
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
    /** When they were checked in at the door (by a tap, their ticket, or as a walk-in); set once. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInById: uuid('checked_in_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The member credited with bringing them (the V column): their inviter, on a first visit only. */
    creditedMemberId: uuid('credited_member_id').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('visitor_visits_visitor_meeting_key').on(t.visitorId, t.meetingId),
    // A meeting's visitors (when it moves, when it is called off, its reminders).
    index('visitor_visits_meeting_idx').on(t.meetingId),
    // A member's credits (the week report's V column, their week).
    index('visitor_visits_credited_idx')
      .on(t.creditedMemberId, t.meetingId)
      .where(sql`${t.creditedMemberId} is not null`),
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

/**
 * Every move of a visitor's stage, kept: from, to, why (the registration, a check-in, a call, an application,
 * an approval, or leadership's hand) and who, when a person did it.
 */
export const visitorStageEvents = pgTable(
  'visitor_stage_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id),
    visitorId: uuid('visitor_id')
      .notNull()
      .references(() => visitors.id, { onDelete: 'cascade' }),
    fromStage: text('from_stage'),
    toStage: text('to_stage').notNull(),
    cause: text('cause').notNull(),
    byId: uuid('by_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('visitor_stage_events_visitor_idx').on(t.visitorId, t.createdAt),
    // The quarter's funnel: a chapter's moves into a stage over a period.
    index('visitor_stage_events_chapter_idx').on(t.chapterId, t.createdAt),
    check('visitor_stage_events_cause', sql`${t.cause} in (${inList(STAGE_CAUSES)})`),
  ],
);

/**
 * The call a visitor host owes a visitor who attended: one per visit, due two business days after the meeting.
 * Reminders go once a day while it is overdue (`lastRemindedOn` is stamped in the statement that takes it, so
 * two instances never both send), three at most, then it goes to the chapter's president once.
 */
export const visitorFollowUps = pgTable(
  'visitor_follow_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id),
    visitorId: uuid('visitor_id')
      .notNull()
      .references(() => visitors.id, { onDelete: 'cascade' }),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visitorVisits.id, { onDelete: 'cascade' }),
    hostId: uuid('host_id').references(() => users.id, { onDelete: 'set null' }),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    outcome: text('outcome'),
    note: text('note'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    recordedById: uuid('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastRemindedOn: date('last_reminded_on', { mode: 'string' }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('visitor_follow_ups_visit_key').on(t.visitId),
    // A host's open calls, soonest due first (their waiting count, the reminders).
    index('visitor_follow_ups_open_host_idx').on(t.hostId, t.dueOn).where(sql`${t.recordedAt} is null`),
    index('visitor_follow_ups_open_chapter_idx').on(t.chapterId, t.dueOn).where(sql`${t.recordedAt} is null`),
    check(
      'visitor_follow_ups_outcome',
      sql`${t.outcome} is null or ${t.outcome} in (${inList(FOLLOW_UP_OUTCOMES)})`,
    ),
  ],
);
