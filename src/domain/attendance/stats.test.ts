import { describe, expect, it } from 'vitest';
import {
  absencesFromLates,
  absenceWindowStart,
  attendanceBand,
  attendanceRate,
  attendanceStats,
  NO_ATTENDANCE_POLICY,
  remainingAbsencesTone,
} from './stats';

const none = { totalPresent: 0, totalAbsent: 0, totalExcused: 0, totalLate: 0, totalSubstitute: 0 };
const inWindow = { absentInWindow: 0, lateInWindow: 0, substituteInWindow: 0 };
const lates3 = { latesPerAbsence: 3, substituteLimit: null };

describe('attendance statistics', () => {
  it('rates present over present plus absent, excused counting nowhere', () => {
    const stats = attendanceStats(
      { ...none, totalPresent: 7, totalAbsent: 2, totalExcused: 3, ...inWindow, absentInWindow: 1 },
      null,
    );
    expect(stats).toEqual({
      attendanceRate: 77.8, // 7 / 9
      totalPresent: 7,
      totalAbsent: 2,
      totalExcused: 3,
      totalLate: 0,
      totalSubstitute: 0,
      missedRemaining: 3, // default limit 4 - 1 in the window
      missedMeetingLimit: 4,
      substitutesRemaining: null,
    });
  });

  it('has no rate before any countable meeting, and never a negative remainder', () => {
    expect(attendanceStats({ ...none, totalExcused: 2, ...inWindow }, 4).attendanceRate).toBeNull();
    expect(
      attendanceStats({ ...none, totalAbsent: 9, ...inWindow, absentInWindow: 9 }, 2).missedRemaining,
    ).toBe(0);
    expect(attendanceStats({ ...none, totalPresent: 1, ...inWindow }, 6).missedRemaining).toBe(6);
  });
});

describe('PALMS statuses through one rule', () => {
  it('counts a late and a substitute as attended when no lates rule is set', () => {
    // 2 present + 1 late + 1 substitute attend, 1 absent: 4 / 5.
    expect(
      attendanceRate(
        { ...none, totalPresent: 2, totalLate: 1, totalSubstitute: 1, totalAbsent: 1 },
        NO_ATTENDANCE_POLICY,
      ),
    ).toBe(80);
    // Substitutes only: never an absence.
    expect(attendanceRate({ ...none, totalSubstitute: 3 }, lates3)).toBe(100);
    // Excused only: nothing counts.
    expect(attendanceRate({ ...none, totalExcused: 4 }, lates3)).toBeNull();
  });

  it('turns every third late into an absence when three lates make one', () => {
    // 6 present, 3 late, 1 absent: one late becomes an absence -> 8 attended, 2 absences: 80.
    expect(attendanceRate({ ...none, totalPresent: 6, totalLate: 3, totalAbsent: 1 }, lates3)).toBe(80);
    // Two lates are not yet an absence: 6 + 2 attended, 1 absent -> 8 / 9 = 88.9.
    expect(attendanceRate({ ...none, totalPresent: 6, totalLate: 2, totalAbsent: 1 }, lates3)).toBe(88.9);
    // Six lates alone: two absences, four attended -> 66.7 (Fair).
    const rate = attendanceRate({ ...none, totalLate: 6 }, lates3);
    expect(rate).toBe(66.7);
    expect(attendanceBand(rate!)).toEqual({ label: 'Fair', tone: 'yellow' });
  });

  it('takes lates turned absences off the limit, inside the window only', () => {
    const stats = attendanceStats(
      {
        ...none,
        totalPresent: 10,
        totalLate: 7,
        totalAbsent: 1,
        absentInWindow: 1,
        lateInWindow: 4,
        substituteInWindow: 0,
      },
      4,
      lates3,
    );
    // 1 absence + floor(4 / 3) = 1 from lates in the window: 4 - 2.
    expect(stats.missedRemaining).toBe(2);
    // All time: floor(7 / 3) = 2 lates are absences -> attended 10 + 5 = 15, absences 3: 83.3.
    expect(stats.attendanceRate).toBe(83.3);
    expect(remainingAbsencesTone(stats.missedRemaining).tone).toBe('yellow');
  });

  it('counts substitutes left in the window against the chapter limit, never below 0', () => {
    const counts = { ...none, totalSubstitute: 5, ...inWindow, substituteInWindow: 2 };
    expect(
      attendanceStats(counts, 4, { latesPerAbsence: null, substituteLimit: 3 }).substitutesRemaining,
    ).toBe(1);
    expect(
      attendanceStats(counts, 4, { latesPerAbsence: null, substituteLimit: 1 }).substitutesRemaining,
    ).toBe(0);
    expect(attendanceStats(counts, 4, NO_ATTENDANCE_POLICY).substitutesRemaining).toBeNull();
    // A substitute is never an absence: the limit stays whole.
    expect(attendanceStats(counts, 4, NO_ATTENDANCE_POLICY).missedRemaining).toBe(4);
  });

  it('counts the absences lates make per whole group', () => {
    expect(absencesFromLates(2, 3)).toBe(0);
    expect(absencesFromLates(3, 3)).toBe(1);
    expect(absencesFromLates(8, 3)).toBe(2);
    expect(absencesFromLates(8, null)).toBe(0);
  });
});

describe('attendance bands and thresholds', () => {
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
