import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A member's former public addresses: `/member/<oldSlug>` redirects to their current one. */
export const memberSlugRedirects = pgTable(
  'member_slug_redirects',
  {
    oldSlug: text('old_slug').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_slug_redirects_user_idx').on(t.userId)],
);
