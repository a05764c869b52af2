import { bigint, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row whose version a trigger on `users` bumps, in the same transaction, whenever something a
 * public directory answer shows changes (docs/decisions/0005). Reading it is one primary-key lookup,
 * so every instance knows within one request whether its cached directory is stale.
 */
export const directoryVersion = pgTable('directory_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});
