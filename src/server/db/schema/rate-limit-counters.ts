import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Hits per rate-limit key (a route group plus a member id or an address) in a fixed window, kept in
 * PostgreSQL so every app instance counts against the same limit (docs/decisions/0017).
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  windowMs: integer('window_ms').notNull(),
  hits: integer('hits').notNull().default(0),
});
