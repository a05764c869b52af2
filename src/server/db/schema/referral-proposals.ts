import { sql } from 'drizzle-orm';
import { date, index, numeric, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { referralProposalKind, referralProposalStatus } from './enums';
import { users } from './users';

/**
 * A change to an approved referral that waits for the other party (two-party
 * integrity): a new amount and/or sale date (`change`), or its removal (`removal`). Until accepted the
 * referral, and so every figure, keeps its approved values. At most one proposal per referral is
 * pending; answered ones stay as the record of who asked and who answered.
 */
export const referralProposals = pgTable(
  'referral_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No foreign key, like the history: an accepted removal deletes the referral, and its proposal
    // stays as the record that a concurrent second answer finds already answered (409, not 404).
    referralId: uuid('referral_id').notNull(),
    kind: referralProposalKind('kind').notNull(),
    status: referralProposalStatus('status').notNull().default('pending'),
    proposedById: uuid('proposed_by_id').references(() => users.id, { onDelete: 'set null' }),
    // The proposed values of a change (both written: unchanged ones repeat the approved value).
    amount: numeric('amount', { precision: 12, scale: 2 }),
    saleDate: date('sale_date', { mode: 'string' }),
    answeredById: uuid('answered_by_id').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_proposals_one_pending_idx').on(t.referralId).where(sql`${t.status} = 'pending'`),
    index('referral_proposals_referral_idx').on(t.referralId),
  ],
);

export type ReferralProposalRow = typeof referralProposals.$inferSelect;
