import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDate, formatDateTime, formatMonthYear } from './dates';

describe('formatDate', () => {
  it('shows a calendar date as that day, whatever the time zone', () => {
    expect(formatDate('2026-11-20')).toBe('Nov 20, 2026');
    expect(formatDate('2026-01-01', 'long')).toBe('January 1, 2026');
  });

  it("reads an instant on the network's clock, whatever the device's (the server paints pages too)", () => {
    // 03:00 UTC on the 21st is 8 PM on the 20th in Denver (MST, UTC-7); the test runs in UTC.
    expect(formatDate('2026-11-21T03:00:00.000Z')).toBe('Nov 20, 2026');
    expect(formatDateTime('2026-11-21T03:00:00.000Z')).toBe('Nov 20, 2026, 8:00 PM');
  });
});

describe('formatClockTime', () => {
  it("reads an instant on the chapter's clock", () => {
    // 14:05 UTC is 7:05 in Denver in November (MST, UTC-7).
    expect(formatClockTime('2026-11-24T14:05:00.000Z', 'America/Denver', '12h')).toBe('7:05 AM');
    expect(formatClockTime('2026-11-24T14:05:00.000Z', 'UTC', '12h')).toBe('2:05 PM');
  });

  it("writes it the chapter's way: 12- or 24-hour", () => {
    expect(formatClockTime('2026-11-24T14:05:00.000Z', 'America/Denver', '24h')).toBe('07:05');
    expect(formatClockTime('2026-11-25T01:30:00.000Z', 'America/Denver', '24h')).toBe('18:30');
    expect(formatClockTime('2026-11-24T07:30:00.000Z', 'America/Denver', '24h')).toBe('00:30');
  });
});

describe('formatMonthYear', () => {
  it("names the month on the network's clock: the first hours of a UTC month are still the last in Denver", () => {
    expect(formatMonthYear('2026-12-01T03:00:00.000Z')).toBe('November 2026');
    expect(formatMonthYear('2026-12-01T08:00:00.000Z')).toBe('December 2026');
  });
});
