import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row (id = 1): the agency's defaults, used where a chapter sets none (docs/decisions/0032). */
export const networkSettings = pgTable(
  'network_settings',
  {
    id: integer('id').primaryKey().default(1),
    defaultAnnualDues: numeric('default_annual_dues', { precision: 12, scale: 2 }),
    defaultCommissionPercent: numeric('default_commission_percent', { precision: 5, scale: 2 }),
    missedMeetingLimit: integer('missed_meeting_limit'),
    timeZone: text('time_zone'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('network_settings_singleton', sql`${t.id} = 1`)],
);
