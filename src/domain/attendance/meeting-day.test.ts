import { describe, expect, it } from 'vitest';
import { lastMeetingDay } from './meeting-day';

describe('lastMeetingDay', () => {
  // 2026-11-24 is a Tuesday.
  it('is today on the meeting day itself', () => {
    expect(lastMeetingDay('2026-11-24')).toBe('2026-11-24');
  });
  it('is the Tuesday before on any other day of the week', () => {
    expect(lastMeetingDay('2026-11-25')).toBe('2026-11-24'); // Wednesday
    expect(lastMeetingDay('2026-11-30')).toBe('2026-11-24'); // Monday
    expect(lastMeetingDay('2026-11-23')).toBe('2026-11-17'); // Monday before
  });
  it('crosses months and years', () => {
    expect(lastMeetingDay('2026-01-01')).toBe('2025-12-30'); // Thursday
  });
  it('follows another meeting weekday', () => {
    expect(lastMeetingDay('2026-11-24', 4)).toBe('2026-11-19'); // the Thursday before
  });
});
