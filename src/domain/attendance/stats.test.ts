import { describe, expect, it } from 'vitest';
import { absenceWindowStart, attendanceBand, attendanceStats, remainingAbsencesTone } from './stats';

describe('attendance statistics', () => {
  it('rates present over present plus absent, excused counting nowhere', () => {
    const stats = attendanceStats(
      { totalPresent: 7, totalAbsent: 2, totalExcused: 3, absentInWindow: 1 },
      null,
    );
    expect(stats).toEqual({
      attendanceRate: 77.8, // 7 / 9
      totalPresent: 7,
      totalAbsent: 2,
      totalExcused: 3,
      missedRemaining: 3, // default limit 4 - 1 in the window
      missedMeetingLimit: 4,
    });
  });

  it('has no rate before any countable meeting, and never a negative remainder', () => {
    expect(
      attendanceStats({ totalPresent: 0, totalAbsent: 0, totalExcused: 2, absentInWindow: 0 }, 4)
        .attendanceRate,
    ).toBeNull();
    expect(
      attendanceStats({ totalPresent: 0, totalAbsent: 9, totalExcused: 0, absentInWindow: 9 }, 2)
        .missedRemaining,
    ).toBe(0);
    expect(
      attendanceStats({ totalPresent: 1, totalAbsent: 0, totalExcused: 0, absentInWindow: 0 }, 6)
        .missedRemaining,
    ).toBe(6);
  });

  it('bands rates at 80 and 60', () => {
    expect(attendanceBand(80)).toEqual({ label: 'Excellent', tone: 'green' });
    expect(attendanceBand(79.9)).toEqual({ label: 'Fair', tone: 'yellow' });
    expect(attendanceBand(60)).toEqual({ label: 'Fair', tone: 'yellow' });
    expect(attendanceBand(59.9)).toEqual({ label: 'Needs Improvement', tone: 'red' });
    expect(attendanceBand(59.9, 'table')).toEqual({ label: 'Poor', tone: 'red' });
    expect(attendanceBand(80, 'table')).toEqual({ label: 'Excellent', tone: 'green' });
  });

  it('colours remaining absences at 1 and 2, warning at 1 or fewer', () => {
    expect(remainingAbsencesTone(0)).toEqual({
      tone: 'red',
      warning: '⚠️ You are approaching the attendance limit',
    });
    expect(remainingAbsencesTone(1).tone).toBe('red');
    expect(remainingAbsencesTone(2)).toEqual({ tone: 'yellow' });
    expect(remainingAbsencesTone(3)).toEqual({ tone: 'green' });
  });

  it('starts the window six months back, inclusive, clamped to the month end', () => {
    expect(absenceWindowStart('2026-11-22')).toBe('2026-05-22');
    expect(absenceWindowStart('2026-03-15')).toBe('2025-09-15');
    expect(absenceWindowStart('2026-08-31')).toBe('2026-02-28');
    expect(absenceWindowStart('2028-08-31')).toBe('2028-02-29');
  });
});
