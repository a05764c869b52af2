import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REVIEW_NOTE_AUDIENCES } from '../../../domain/applications/status';
import { chapters } from './chapters';
import { applicationStatus } from './enums';
import { users } from './users';
import { visitors } from './visitors';

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The chapter that owns the row, filled from the applicant's chapter on insert (migration 0025). */
    chapterId: uuid('chapter_id')
      .notNull()
      .default(sql`null`)
      .references(() => chapters.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    businessEmail: text('business_email'),
    phone: text('phone').notNull(),
    companyName: text('company_name').notNull(),
    position: text('position').notNull(),
    industry: text('industry').notNull(),
    businessDescription: text('business_description').notNull(),
    motivation: text('motivation').notNull(),
    referralSource: text('referral_source'),
    experienceLevel: text('experience_level').notNull(),
    status: applicationStatus('status').notNull().default('pending'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The visitor record this application came from (the follow-up email's "Apply"), if any. */
    visitorId: uuid('visitor_id').references(() => visitors.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('applications_user_submitted_idx').on(t.userId, t.submittedAt),
    index('applications_status_submitted_idx').on(t.chapterId, t.status, t.submittedAt),
    // The reviewers' list: open ones first, then the decided ones page by page, newest first.
    index('applications_open_submitted_idx').on(
      t.chapterId,
      sql`(${t.status} in ('pending', 'under_review'))`,
      t.submittedAt,
    ),
    // One open application per user, enforced by the database so concurrent submits cannot both win.
    uniqueIndex('applications_one_open_per_user_key')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'under_review')`),
  ],
);

export type ApplicationRow = typeof applications.$inferSelect;

export const reviewNoteAudience = pgEnum('review_note_audience', REVIEW_NOTE_AUDIENCES);

/**
 * Review notes, appended and never overwritten: who wrote what, when, with which status. Notes for the
 * applicant are kept apart from internal notes that only reviewers see.
 */
export const applicationReviewNotes = pgTable(
  'application_review_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    status: applicationStatus('status').notNull(),
    audience: reviewNoteAudience('audience').notNull(),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_review_notes_app_idx').on(t.applicationId, t.createdAt)],
);

export type ReviewNoteRow = typeof applicationReviewNotes.$inferSelect;
