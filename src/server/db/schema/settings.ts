import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** One row (id = 1) of network-wide settings. */
export const networkSettings = pgTable(
  'network_settings',
  {
    id: integer('id').primaryKey().default(1),
    defaultAnnualDues: numeric('default_annual_dues', { precision: 12, scale: 2 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('network_settings_singleton', sql`${t.id} = 1`)],
);
