import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { chapters } from './chapters';

export const industries = pgTable(
  'industries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Seats are per chapter: the same industry may hold a seat in every chapter. Unset = the first chapter (migration 0025). */
    chapterId: uuid('chapter_id')
      .notNull()
      .default(sql`null`)
      .references(() => chapters.id),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('industries_chapter_name_lower_key').on(t.chapterId, sql`lower(${t.name})`)],
);

export type IndustryRow = typeof industries.$inferSelect;
