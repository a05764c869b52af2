import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { chapters } from './chapters';
import { users } from './users';

/** Who changed what, from what to what, and when (roles, deletions, dues, industries). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who acted when no account did: the command line, or start-up's BOOTSTRAP_ADMIN_EMAIL. */
    actorLabel: text('actor_label'),
    /** The chapter the change belongs to; null for agency-wide changes (migration 0025 fills it from the actor). */
    chapterId: uuid('chapter_id').references(() => chapters.id),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_chapter_created_idx').on(t.chapterId, t.createdAt),
  ],
);
