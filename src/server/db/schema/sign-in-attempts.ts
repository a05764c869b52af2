import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Password sign-in attempts per key ('email:<address>' or 'ip:<address>') in a fixed window. One row
 * per key, bumped by an atomic upsert before any password is checked, so parallel guesses are counted
 * exactly like sequential ones, on every app instance (docs/decisions/0004).
 */
export const signInAttempts = pgTable('sign_in_attempts', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
});
