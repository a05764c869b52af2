import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  commissionCents,
  effectiveDuesCents,
  formatRate,
  formatUsd,
  formatUsdWhole,
  networkRoi,
  parseCents,
} from './money';
import { MONEY_MESSAGES, moneySchema, optionalMoneySchema } from './money-schema';

describe('money', () => {
  it('parses decimal strings into exact cents, and back', () => {
    expect(parseCents('1250.5')).toBe(125050);
    expect(parseCents('0.10')).toBe(10);
    expect(parseCents(' 7 ')).toBe(700);
    expect(parseCents('-3.05')).toBe(-305);
    expect(parseCents('9999999999.99')).toBe(999999999999);
    for (const bad of ['', '1.234', '1,000', 'abc', '1e3', '.5', '1.'])
      expect(parseCents(bad)).toBeUndefined();
    expect(centsToDecimal(125050)).toBe('1250.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-305)).toBe('-3.05');
  });

  it('adds without float drift', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; in cents it is 30.
    expect(centsToDecimal((parseCents('0.1') ?? 0) + (parseCents('0.2') ?? 0))).toBe('0.30');
  });

  it('computes commission = revenue x percent / 100, rounding half away from zero', () => {
    expect(commissionCents(100000, '10')).toBe(10000); // $1,000 at 10% = $100
    expect(commissionCents(12345, '12.5')).toBe(1543); // $123.45 x 12.5% = $15.43125
    expect(commissionCents(1, '50')).toBe(1); // half a cent rounds up
    expect(commissionCents(999999999999, '100')).toBe(999999999999);
    expect(commissionCents(5000, '0')).toBe(0);
  });

  it('picks the dues: a positive override, else the network default, else $400', () => {
    expect(effectiveDuesCents('350.00', '500.00')).toBe(35000);
    expect(effectiveDuesCents('0', '500.00')).toBe(50000);
    expect(effectiveDuesCents(null, null)).toBe(40000);
    expect(effectiveDuesCents(undefined, '0')).toBe(40000);
  });

  it('computes the Network ROI amount and percentage', () => {
    // $1,200 received + $120 commission against $400 dues: $920 and 330%.
    expect(networkRoi(120000, 12000, 40000)).toEqual({ amountCents: 92000, percent: 330 });
    expect(networkRoi(0, 0, 40000)).toEqual({ amountCents: -40000, percent: 0 });
    expect(networkRoi(10000, 0, 30000)).toEqual({ amountCents: -20000, percent: 33 });
  });

  it('formats dollars, whole dollars and one-decimal rates, en-US', () => {
    expect(formatUsd('1250.35')).toBe('$1,250.35');
    expect(formatUsd('0')).toBe('$0.00');
    expect(formatUsd(123456780)).toBe('$1,234,567.80');
    expect(formatUsd('not a number')).toBe('$0.00');
    expect(formatUsdWhole('400.00')).toBe('$400');
    expect(formatUsdWhole(-12040)).toBe('-$120');
    expect(formatUsdWhole('0.50')).toBe('$1');
    expect(formatRate('12.5')).toBe('12.5%');
    expect(formatRate('0')).toBe('0.0%');
  });

  it('validates amounts: decimal strings, at most 2 decimals, not negative, within numeric(12,2)', () => {
    expect(moneySchema.parse(' 1250.5 ')).toBe('1250.5');
    expect(moneySchema.safeParse('1.234').error?.issues[0]?.message).toBe(MONEY_MESSAGES.invalid);
    expect(moneySchema.safeParse('-1').error?.issues[0]?.message).toBe(MONEY_MESSAGES.negative);
    expect(moneySchema.safeParse('10000000000').error?.issues[0]?.message).toBe(MONEY_MESSAGES.tooLarge);
    expect(optionalMoneySchema.parse('')).toBe('0');
    expect(optionalMoneySchema.parse(undefined)).toBe('0');
    expect(optionalMoneySchema.parse('25')).toBe('25');
  });

  it('rounds halves away from zero on both sides of zero (hand-worked)', () => {
    // -$1.50 shown in whole dollars is -$2; -$1.49 is -$1; $2.50 is $3.
    expect(formatUsdWhole(-150)).toBe('-$2');
    expect(formatUsdWhole(-149)).toBe('-$1');
    expect(formatUsdWhole(250)).toBe('$3');
    expect(formatUsdWhole(249)).toBe('$2');
    // A negative commission rate never occurs, but the rounding is symmetric: -$1.00 x 12.5% = -12.5 cents.
    expect(commissionCents(-100, '12.5')).toBe(-13);
    expect(commissionCents(100, '-12.5')).toBe(-13);
    expect(commissionCents(-100, '-12.5')).toBe(13);
  });

  it('gives an ROI percent of 0 without dues, and rounds a negative percent away from zero', () => {
    expect(networkRoi(5000, 0, 0)).toEqual({ amountCents: 5000, percent: 0 });
    // -$1 of earnings against $8 dues: -12.5% rounds to -13.
    expect(networkRoi(-100, 0, 800)).toEqual({ amountCents: -900, percent: -13 });
  });

  it('formats cents given as numbers and nothing as $0.00', () => {
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(null)).toBe('$0.00');
    expect(formatUsd(undefined)).toBe('$0.00');
    expect(formatRate(null)).toBe('0.0%');
  });
});
