import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ReferralFieldChange } from '../../../domain/referrals/changes';
import { referralEventKind } from './enums';
import { users } from './users';

/**
 * A referral's append-only history: created, decided, edited (each field's old and
 * new value) and deleted. No foreign key to the referral, so the record outlives a deleted one.
 */
export const referralEvents = pgTable(
  'referral_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referralId: uuid('referral_id').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: referralEventKind('kind').notNull(),
    changes: jsonb('changes').$type<ReferralFieldChange[]>().notNull().default([]),
    // The clock, not the transaction's start: one change can write two lines (a proposal replaced by
    // another), and the history is read in this order.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('referral_events_referral_idx').on(t.referralId, t.createdAt)],
);
