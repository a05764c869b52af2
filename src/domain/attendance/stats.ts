import { DEFAULT_MISSED_MEETING_LIMIT } from '../network/constants';

/** How many months of absences count against a member's limit (DESIGN section 6: a rolling window). */
export const ABSENCE_WINDOW_MONTHS = 6;

/**
 * The first day of the absence window for `today` (yyyy-MM-dd): the same day six months earlier,
 * inclusive, clamped to the month's end (Aug 31 -> Feb 28). Dates are compared as text.
 */
export function absenceWindowStart(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const monthIndex = y * 12 + (m - 1) - ABSENCE_WINDOW_MONTHS;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface AttendanceCounts {
  totalPresent: number;
  totalAbsent: number;
  totalExcused: number;
  /** Absences on or after the window's first day. */
  absentInWindow: number;
}

export interface AttendanceStats {
  /** present / (present + absent) x 100, one decimal; null when no meeting counts yet (0 / 0). */
  attendanceRate: number | null;
  totalPresent: number;
  totalAbsent: number;
  totalExcused: number;
  missedRemaining: number;
  missedMeetingLimit: number;
}

/**
 * The attendance rate (spec section 4): present / (present + absent) x 100, one decimal; null before any
 * meeting counts (0 / 0). Excused is a pre-approved absence held against no one: it counts in neither the
 * rate nor the limit. The one place the rate is worked out: the card, the roster, its export and every
 * period's figures call it (the roster's sort key, member_totals.attendance_order, orders by the same ratio).
 */
export function attendanceRate(present: number, absent: number): number | null {
  const countable = present + absent;
  return countable === 0 ? null : Math.round((present * 1000) / countable) / 10;
}

export function attendanceStats(
  counts: AttendanceCounts,
  missedMeetingLimit: number | null,
): AttendanceStats {
  const limit = missedMeetingLimit ?? DEFAULT_MISSED_MEETING_LIMIT;
  return {
    attendanceRate: attendanceRate(counts.totalPresent, counts.totalAbsent),
    totalPresent: counts.totalPresent,
    totalAbsent: counts.totalAbsent,
    totalExcused: counts.totalExcused,
    missedRemaining: Math.max(0, limit - counts.absentInWindow),
    missedMeetingLimit: limit,
  };
}

export type Tone = 'green' | 'yellow' | 'red';

/**
 * Spec section 4: 80 or more Excellent (green), 60 to under 80 Fair (yellow), below 60 Needs Improvement
 * (red); the member table (`'table'`) calls the lowest band 'Poor'.
 */
export function attendanceBand(
  rate: number,
  where: 'card' | 'table' = 'card',
): { label: string; tone: Tone } {
  if (rate >= 80) return { label: 'Excellent', tone: 'green' };
  if (rate >= 60) return { label: 'Fair', tone: 'yellow' };
  return { label: where === 'table' ? 'Poor' : 'Needs Improvement', tone: 'red' };
}

/** Spec section 4: 1 or fewer red (with the warning), 2 or fewer yellow, else green. */
export function remainingAbsencesTone(missedRemaining: number): { tone: Tone; warning?: string } {
  if (missedRemaining <= 1) return { tone: 'red', warning: '⚠️ You are approaching the attendance limit' };
  if (missedRemaining <= 2) return { tone: 'yellow' };
  return { tone: 'green' };
}

export const NO_MEETINGS_YET = 'No meetings recorded yet';
