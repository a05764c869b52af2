import { describe, expect, it } from 'vitest';
import { isIsoDate, todayIn } from './dates';

// Written by hand: real calendar days only, and today as the chapter (Denver by default) sees it.
describe('calendar dates', () => {
  it('accepts a real yyyy-MM-dd day, leap days included', () => {
    expect(isIsoDate('2026-11-26')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2000-01-01')).toBe(true);
  });

  it('refuses days that do not exist, whichever part overflows, and other writings', () => {
    expect(isIsoDate('2026-02-29')).toBe(false); // day rolls into March
    expect(isIsoDate('2026-13-01')).toBe(false); // month rolls into the next year
    expect(isIsoDate('2026-04-31')).toBe(false);
    expect(isIsoDate('2026-00-10')).toBe(false); // month rolls back into the year before
    expect(isIsoDate('2026-1-5')).toBe(false);
    expect(isIsoDate('26-11-2026')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('tells today in the chapter’s zone, not UTC, with one formatter per zone', () => {
    // 03:00 UTC on 27 November is still the evening of the 26th in Denver (UTC-7).
    const lateEvening = new Date('2026-11-27T03:00:00Z');
    expect(todayIn('America/Denver', lateEvening)).toBe('2026-11-26');
    expect(todayIn('UTC', lateEvening)).toBe('2026-11-27');
    expect(todayIn('America/Denver', lateEvening)).toBe('2026-11-26');
    expect(todayIn(undefined, lateEvening)).toBe('2026-11-26');
    expect(todayIn('Asia/Tokyo', new Date('2026-11-26T16:00:00Z'))).toBe('2026-11-27');
  });
});
