import { jsonb, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { meetings } from './attendance';
import { chapters } from './chapters';
import { users } from './users';

/**
 * One save of the slips desk: the batch key the browser made for it, and what it added. A retry of the same
 * batch (a lost answer, a second tap) finds this row and answers it again, so a batch counts once.
 */
export const slipBatches = pgTable(
  'slip_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    batchKey: uuid('batch_key').notNull(),
    enteredById: uuid('entered_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The answer the save gave: how many slips of each kind it added. */
    result: jsonb('result').$type<Record<string, number>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('slip_batches_meeting_key').on(t.meetingId, t.batchKey)],
);
