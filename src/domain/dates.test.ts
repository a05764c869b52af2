import { describe, expect, it } from 'vitest';
import { isIsoDate, todayIn, zonedInstant } from './dates';

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

// By hand: Denver is UTC-7 in winter (MST), UTC-6 in summer (MDT); the change in 2026 is on 8 March.
describe('a wall-clock time in a time zone', () => {
  it('is the instant that time happens there, winter and summer', () => {
    expect(zonedInstant('2026-11-24', '07:00', 'America/Denver').toISOString()).toBe(
      '2026-11-24T14:00:00.000Z',
    );
    expect(zonedInstant('2026-07-07', '07:00', 'America/Denver').toISOString()).toBe(
      '2026-07-07T13:00:00.000Z',
    );
    expect(zonedInstant('2026-11-24', '07:05', 'UTC').toISOString()).toBe('2026-11-24T07:05:00.000Z');
    expect(zonedInstant('2026-11-24', '07:00', 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-24T01:30:00.000Z',
    );
  });

  it('lands right on the day daylight saving starts', () => {
    // 8 March 2026: 02:00 MST jumps to 03:00 MDT, so 07:00 that morning is already summer time.
    expect(zonedInstant('2026-03-08', '07:00', 'America/Denver').toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    expect(zonedInstant('2026-03-07', '07:00', 'America/Denver').toISOString()).toBe(
      '2026-03-07T14:00:00.000Z',
    );
  });
});
