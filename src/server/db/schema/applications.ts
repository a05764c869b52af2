import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applicationStatus } from './enums';
import { users } from './users';

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    reviewNotes: text('review_notes'),
  },
  (t) => [
    index('applications_user_submitted_idx').on(t.userId, t.submittedAt),
    index('applications_status_submitted_idx').on(t.status, t.submittedAt),
    // One open application per user, enforced by the database so concurrent submits cannot both win.
    uniqueIndex('applications_one_open_per_user_key')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'under_review')`),
  ],
);

export type ApplicationRow = typeof applications.$inferSelect;
