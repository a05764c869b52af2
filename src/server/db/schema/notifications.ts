import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { chapters } from './chapters';
import { referrals } from './referrals';
import { users } from './users';

/**
 * The outbox: a notification is written in the same transaction as the change it tells about, and the
 * email worker sends its email from here. Email states:
 * pending -> claimed (a worker holds it until `email_claimed_until`) -> sending -> sent;
 * back to pending with a later `email_next_attempt_at` after a temporary failure; failed after the
 * last attempt or a permanent refusal; skipped when the member switched that kind's email off;
 * unknown when a worker stopped between handing the email over and recording it (never re-sent).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The chapter that owns the row, filled from the recipient's chapter on insert (migration 0025). */
    chapterId: uuid('chapter_id')
      .notNull()
      .default(sql`null`)
      .references(() => chapters.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    emailStatus: text('email_status').notNull().default('pending'),
    emailAttempts: integer('email_attempts').notNull().default(0),
    emailNextAttemptAt: timestamp('email_next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    emailClaimedUntil: timestamp('email_claimed_until', { withTimezone: true }),
    emailClaimedBy: text('email_claimed_by'),
    emailSentAt: timestamp('email_sent_at', { withTimezone: true }),
    emailLastError: text('email_last_error'),
  },
  (t) => [
    // The panel's keyset (newest first, id breaking ties) reads straight down this index.
    index('notifications_user_created_id_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The unread count. Migration 0038 adds INCLUDE (chapter_id), which the row-level policy reads, so the
    // count stays an index-only scan (Drizzle's index builder has no INCLUDE).
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // The worker's queue: only rows still to send are in it.
    index('notifications_email_queue_idx')
      .on(t.emailNextAttemptAt)
      .where(sql`${t.emailStatus} in ('pending', 'claimed', 'sending')`),
  ],
);

/** A member's "no email for this kind" choices; no row means email is on (the default). */
export const notificationEmailOptOuts = pgTable(
  'notification_email_opt_outs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** At most one follow-up nudge of each kind per referral: the primary key settles races between instances. */
export const referralReminders = pgTable(
  'referral_reminders',
  {
    referralId: uuid('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.referralId, t.kind] })],
);

/**
 * Mail kept instead of sent when no SMTP server is configured (the embedded default), shown at the
 * development mailbox page. The notification id is the key: one message per notification.
 */
export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    notificationId: uuid('notification_id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    /** The iCalendar invitation the email carried, if any (the mailbox offers it as a download). */
    calendar: text('calendar'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mailbox_messages_created_idx').on(t.createdAt)],
);
