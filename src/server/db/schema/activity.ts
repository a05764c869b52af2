import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { chapters } from './chapters';
import { users } from './users';

/** A member's recent-activity feed entry (description, time ago, colour: docs/product.md). */
export const activity = pgTable(
  'activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Filled from the member's chapter on insert (migration 0025). */
    chapterId: uuid('chapter_id').references(() => chapters.id),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    color: text('color').notNull().default('blue'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_user_created_idx').on(t.userId, t.createdAt)],
);
