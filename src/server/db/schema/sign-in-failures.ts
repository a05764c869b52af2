import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Failed password sign-ins, keyed by 'email:<address>' and 'ip:<address>'. Kept in the database so the
 * limit holds across every app instance behind a load balancer.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_key_time_idx').on(t.key, t.failedAt)],
);
