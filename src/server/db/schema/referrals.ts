import { sql } from 'drizzle-orm';
import { date, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { referralStatus, referralType } from './enums';
import { users } from './users';

/**
 * A referral says a referrer passed business to a recipient (stored as reporter_id, the original tool's name: docs/product.md, "Referrals").
 * Parties are kept as SET NULL so a deleted member's referrals stay for the other party as "Former member".
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: referralStatus('status').notNull().default('pending'),
    referralType: referralType('referral_type').notNull().default('gratitude'),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull().default('0'),
    customerName: text('customer_name'),
    saleDate: date('sale_date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    referrerId: uuid('referrer_id').references(() => users.id, { onDelete: 'set null' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who keyed it in at the slips desk on the creator's behalf (leadership, from a paper slip); null: the creator. */
    enteredById: uuid('entered_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A member removed sets the slips they keyed in to no one: found by this index, not a scan.
    index('referrals_entered_by_idx').on(t.enteredById).where(sql`${t.enteredById} is not null`),
    index('referrals_referrer_status_idx').on(t.referrerId, t.status),
    index('referrals_reporter_status_idx').on(t.reporterId, t.status),
    index('referrals_status_idx').on(t.status),
    // The history pages: keyset on (sale date, id) within one party's referrals, newest first.
    index('referrals_referrer_sale_idx').on(
      t.referrerId,
      t.saleDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('referrals_reporter_sale_idx').on(
      t.reporterId,
      t.saleDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('referrals_created_by_idx').on(t.createdById),
    // The follow-up nudges look for referrals still pending after a number of days.
    // The weekly PALMS report reads the referrals dated in one week.
    index('referrals_sale_date_idx').on(t.saleDate),
    index('referrals_pending_created_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

export type ReferralRow = typeof referrals.$inferSelect;
