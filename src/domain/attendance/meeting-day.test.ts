import { describe, expect, it } from 'vitest';
import { addDays, lastMeetingDay, weeklyDates } from './meeting-day';

describe('lastMeetingDay', () => {
  // 2026-11-24 is a Tuesday.
  it('is today on the meeting day itself', () => {
    expect(lastMeetingDay('2026-11-24', 2)).toBe('2026-11-24');
  });
  it('is the Tuesday before on any other day of the week', () => {
    expect(lastMeetingDay('2026-11-25', 2)).toBe('2026-11-24'); // Wednesday
    expect(lastMeetingDay('2026-11-30', 2)).toBe('2026-11-24'); // Monday
    expect(lastMeetingDay('2026-11-23', 2)).toBe('2026-11-17'); // Monday before
  });
  it('crosses months and years', () => {
    expect(lastMeetingDay('2026-01-01', 2)).toBe('2025-12-30'); // Thursday
  });
  it('follows another meeting weekday', () => {
    expect(lastMeetingDay('2026-11-24', 4)).toBe('2026-11-19'); // the Thursday before
  });
});

describe('weeklyDates and addDays', () => {
  it('lists the weekday from the first on or after `from` to `to`, both ends included', () => {
    // From Thursday 2026-01-15: Wednesdays 21, 28, Feb 4, 11 (Feb 11 is `to`).
    expect(weeklyDates('2026-01-15', '2026-02-11', 3)).toEqual([
      '2026-01-21',
      '2026-01-28',
      '2026-02-04',
      '2026-02-11',
    ]);
    expect(weeklyDates('2026-01-14', '2026-01-14', 3)).toEqual(['2026-01-14']);
    expect(weeklyDates('2026-01-15', '2026-01-20', 3)).toEqual([]);
  });
  it('moves a date across months and years', () => {
    expect(addDays('2026-12-29', 7)).toBe('2027-01-05');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
