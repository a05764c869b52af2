import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDate } from './dates';

describe('formatDate', () => {
  it('shows a calendar date as that day, whatever the time zone', () => {
    expect(formatDate('2026-11-20')).toBe('Nov 20, 2026');
    expect(formatDate('2026-01-01', 'long')).toBe('January 1, 2026');
  });
});

describe('formatClockTime', () => {
  it("reads an instant on the chapter's clock", () => {
    // 14:05 UTC is 7:05 in Denver in November (MST, UTC-7).
    expect(formatClockTime('2026-11-24T14:05:00.000Z', 'America/Denver')).toBe('7:05 AM');
    expect(formatClockTime('2026-11-24T14:05:00.000Z', 'UTC')).toBe('2:05 PM');
  });
});
