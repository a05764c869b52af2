import { describe, expect, it } from 'vitest';
import { formatUsd, formatUsdWhole } from './money';

describe('money formatting', () => {
  it('shows US dollars with two decimals, en-US', () => {
    expect(formatUsd('1250.35')).toBe('$1,250.35');
    expect(formatUsd('0')).toBe('$0.00');
    expect(formatUsd(1234567.8)).toBe('$1,234,567.80');
    expect(formatUsd('not a number')).toBe('$0.00');
  });
  it('shows whole dollars', () => {
    expect(formatUsdWhole('400.00')).toBe('$400');
    expect(formatUsdWhole(-120.4)).toBe('-$120');
  });
});
