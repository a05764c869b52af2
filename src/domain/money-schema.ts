import { z } from 'zod';
import { parseCents } from './money';

/** numeric(12,2): up to 9,999,999,999.99. */
export const MAX_MONEY_CENTS = 999_999_999_999;

/**
 * One referral's largest amount, $10,000,000.00: far above any sale a member closes, and low enough
 * that no realistic count of referrals sums past what the figures can show exactly.
 */
export const MAX_REFERRAL_CENTS = 1_000_000_000;

export const MONEY_MESSAGES = {
  referralTooLarge: 'Amount cannot be more than $10,000,000.00',
  invalid: 'Enter an amount like 1250 or 1250.50',
  negative: 'Amount cannot be negative',
  tooLarge: 'Amount is too large',
} as const;

/** A money amount as a decimal string with at most 2 decimals, 0 or more (kept apart from money.ts: zod). */
export const moneySchema = z
  .string()
  .trim()
  .refine((v) => parseCents(v) !== undefined, MONEY_MESSAGES.invalid)
  .refine((v) => (parseCents(v) ?? 0) >= 0, MONEY_MESSAGES.negative)
  .refine((v) => (parseCents(v) ?? 0) <= MAX_MONEY_CENTS, MONEY_MESSAGES.tooLarge);

/** An optional amount: empty (or missing) is sent and stored as '0' (Give Referral). */
export const optionalMoneySchema = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : '0'))
  .pipe(moneySchema);
