import { describe, expect, it } from 'vitest';
import { DATE_MESSAGES } from '../date-schema';
import { todayIn } from '../dates';
import { MONEY_MESSAGES } from '../money-schema';
import { removalChanges } from './changes';
import {
  commissionRateSchema,
  editReferralSchema,
  giveReferralSchema,
  isCommissionRate,
  REFERRAL_MESSAGES,
  reportReferralSchema,
} from './contracts';
import { EMPTY_TOTALS, referralMetrics } from './metrics';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('referral metrics', () => {
  it('computes commission, dues and ROI in cents, by hand', () => {
    // $12,345.67 received at 12.5%: commission $1,543.21 (1543.20875 rounded); earnings $13,888.88.
    const m = referralMetrics(
      { ...EMPTY_TOTALS, referralsGiven: 3, revenueReceived: '12345.67', revenueGiven: '100.00' },
      { commissionPercent: '12.5', annualDuesOverride: null },
      '500.00',
    );
    expect(m).toMatchObject({
      commissionEarned: '1543.21',
      dues: '500.00',
      roiAmount: '13388.88',
      roiPercent: 2778, // 13888.88 / 500 x 100 = 2777.776 -> 2778
    });
  });

  it('uses a positive override before the network default, and $400 when neither is set', () => {
    const member = { commissionPercent: '0', annualDuesOverride: '200.00' };
    expect(referralMetrics(EMPTY_TOTALS, member, '500.00').dues).toBe('200.00');
    expect(referralMetrics(EMPTY_TOTALS, { ...member, annualDuesOverride: '0' }, '500.00').dues).toBe(
      '500.00',
    );
    const none = referralMetrics(EMPTY_TOTALS, { ...member, annualDuesOverride: null }, null);
    expect(none).toMatchObject({
      dues: '400.00',
      roiAmount: '-400.00',
      roiPercent: 0,
      commissionEarned: '0.00',
    });
  });

  it('stays exact for large sums', () => {
    const m = referralMetrics(
      { ...EMPTY_TOTALS, revenueReceived: '9999999999.99' },
      { commissionPercent: '100', annualDuesOverride: null },
      null,
    );
    expect(m.commissionEarned).toBe('9999999999.99');
    expect(m.roiAmount).toBe('19999999599.98');
  });

  it('stays exact when revenue in cents times hundredths of a percent passes 2^53', () => {
    // 12.5% of $1,009,999,999,998.99 = 126,249,999,999.87375 -> 126,249,999,999.87 (by hand).
    const m = referralMetrics(
      { ...EMPTY_TOTALS, revenueReceived: '1009999999998.99' },
      { commissionPercent: '12.5', annualDuesOverride: null },
      null,
    );
    expect(m).toMatchObject({ commissionEarned: '126249999999.87', roiPercent: 284062500000 });
    // 12.5% is an eighth: 1,000,021,721,771,204 cents / 8 = 125,002,715,221,400.5 -> ...401 (half away
    // from zero). In binary floating point the product rounds and the half is lost (...400).
    const big = referralMetrics(
      { ...EMPTY_TOTALS, revenueReceived: '10000217217712.04' },
      { commissionPercent: '12.5', annualDuesOverride: null },
      null,
    );
    expect(big.commissionEarned).toBe('1250027152214.01');
  });
});

describe('referral payloads', () => {
  const today = todayIn();
  it('gives with an optional amount sent as 0 and the gratitude type by default', () => {
    const parsed = giveReferralSchema.parse({
      toMemberId: A,
      amount: '',
      saleDate: today,
      status: 'approved',
    });
    expect(parsed).toMatchObject({ amount: '0', referralType: 'gratitude' });
    expect(firstMessage(giveReferralSchema.safeParse({ saleDate: today }))).toBe(
      REFERRAL_MESSAGES.chooseRecipient,
    );
    expect(firstMessage(giveReferralSchema.safeParse({ toMemberId: A, saleDate: '' }))).toBe(
      REFERRAL_MESSAGES.dateRequired,
    );
    expect(giveReferralSchema.safeParse({ toMemberId: A, saleDate: today, amount: '-5' }).success).toBe(
      false,
    );
  });

  it('reports with a required positive amount and a date not in the future', () => {
    const base = { referrerId: B, saleDate: today };
    expect(firstMessage(reportReferralSchema.safeParse(base))).toBe(REFERRAL_MESSAGES.saleAmountRequired);
    for (const amount of ['0', '-1', 'abc', '0.00'])
      expect(firstMessage(reportReferralSchema.safeParse({ ...base, amount }))).toBe(
        REFERRAL_MESSAGES.amountPositive,
      );
    expect(firstMessage(reportReferralSchema.safeParse({ ...base, amount: '1.234' }))).toMatch(/1250\.50/);
    expect(
      firstMessage(reportReferralSchema.safeParse({ ...base, amount: '10', saleDate: '2999-01-01' })),
    ).toBe(REFERRAL_MESSAGES.futureDate);
    expect(
      firstMessage(reportReferralSchema.safeParse({ ...base, amount: '10', saleDate: '2026-02-30' })),
    ).toBe(REFERRAL_MESSAGES.dateRequired);
    expect(reportReferralSchema.parse({ ...base, amount: ' 1250.5 ' }).amount).toBe('1250.5');
  });

  it('caps one referral at $10,000,000.00 and dates at 2000-01-01 on give, report and edit', () => {
    const cap = MONEY_MESSAGES.referralTooLarge;
    expect(
      giveReferralSchema.safeParse({ toMemberId: A, saleDate: today, amount: '10000000.00' }).success,
    ).toBe(true);
    expect(
      firstMessage(giveReferralSchema.safeParse({ toMemberId: A, saleDate: today, amount: '10000000.01' })),
    ).toBe(cap);
    expect(
      firstMessage(reportReferralSchema.safeParse({ referrerId: B, saleDate: today, amount: '10000000.01' })),
    ).toBe(cap);
    expect(firstMessage(editReferralSchema.safeParse({ saleDate: today, amount: '10000000.01' }))).toBe(cap);
    expect(editReferralSchema.safeParse({ saleDate: '2000-01-01', amount: '1' }).success).toBe(true);
    for (const saleDate of ['1999-12-31', '0100-01-01'])
      expect(firstMessage(editReferralSchema.safeParse({ saleDate, amount: '1' }))).toBe(
        DATE_MESSAGES.tooEarly,
      );
  });

  it('refuses a status in an edit with the product text', () => {
    const edit = { amount: '10', saleDate: today };
    expect(editReferralSchema.safeParse(edit).success).toBe(true);
    expect(firstMessage(editReferralSchema.safeParse({ ...edit, status: 'approved' }))).toBe(
      REFERRAL_MESSAGES.statusThroughApproval,
    );
    expect(firstMessage(editReferralSchema.safeParse({ saleDate: today }))).toBe(
      REFERRAL_MESSAGES.amountRequired,
    );
    expect(firstMessage(editReferralSchema.safeParse({ amount: '5' }))).toBe(
      REFERRAL_MESSAGES.saleDateRequired,
    );
  });

  it('takes commission rates from 0 to 100 with one decimal', () => {
    for (const ok of ['0', '12.5', '100', 7.5])
      expect(commissionRateSchema.safeParse({ commissionPercent: ok }).success).toBe(true);
    for (const bad of ['-1', '100.1', '12.55', 'x', ''])
      expect(firstMessage(commissionRateSchema.safeParse({ commissionPercent: bad }))).toBe(
        REFERRAL_MESSAGES.invalidRate,
      );
  });

  it('reads a typed commission rate with the same rule in the editor, without zod', () => {
    for (const ok of ['0', '12.5', '100', '99.9']) expect(isCommissionRate(ok)).toBe(true);
    for (const bad of ['-1', '100.1', '12.55', 'x', '', '1000', '.5', ' 5'])
      expect(isCommissionRate(bad)).toBe(false);
  });
});

describe('removalChanges: what a removal does to the history line', () => {
  const approved = { status: 'approved', amount: '700.00' };

  it('a removal (deleted, or a request accepted) takes the status and the amount away', () => {
    expect(removalChanges(approved, true)).toEqual([
      { field: 'status', from: 'approved', to: null },
      { field: 'amount', from: '700.00', to: null },
    ]);
  });

  it('a declined removal request leaves both as they were', () => {
    expect(removalChanges(approved, false)).toEqual([
      { field: 'status', from: 'approved', to: 'approved' },
      { field: 'amount', from: '700.00', to: '700.00' },
    ]);
  });
});
