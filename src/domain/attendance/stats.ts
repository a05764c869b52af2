import { DEFAULT_MISSED_MEETING_LIMIT } from '../network/constants';

/** How many months of absences count against a member's limit (a rolling window). */
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

/** A chapter's attendance policy; null means the rule is off. */
export interface AttendancePolicy {
  /** How many lates count as one absence; null: a late is never an absence. */
  latesPerAbsence: number | null;
  /** How many substitutes the rolling window allows; null: no limit. */
  substituteLimit: number | null;
}

export const NO_ATTENDANCE_POLICY: AttendancePolicy = { latesPerAbsence: null, substituteLimit: null };

/** Counts per status (closed weeks only). */
export interface StatusCounts {
  totalPresent: number;
  totalAbsent: number;
  totalExcused: number;
  totalLate: number;
  totalSubstitute: number;
}

export interface AttendanceCounts extends StatusCounts {
  /** Absences, lates and substitutes on or after the window's first day. */
  absentInWindow: number;
  lateInWindow: number;
  substituteInWindow: number;
}

export interface AttendanceStats extends StatusCounts {
  /** attended / (attended + absences) x 100, one decimal; null when no meeting counts yet (0 / 0). */
  attendanceRate: number | null;
  missedRemaining: number;
  missedMeetingLimit: number;
  /** Substitutes left in the rolling window; null when the chapter sets no limit. */
  substitutesRemaining: number | null;
}

/** The absences `late` lates add under the policy: one per whole `latesPerAbsence`. */
export const absencesFromLates = (late: number, latesPerAbsence: number | null) =>
  latesPerAbsence && latesPerAbsence > 0 ? Math.floor(late / latesPerAbsence) : 0;

/**
 * The one rule every attendance figure follows: present, late and substitute attend (a
 * substitute is never an absence); absent is an absence, and so is every `latesPerAbsence`-th late (that
 * late then counts as an absence, not also as attended); excused is held against no one and counts
 * nowhere. Returns the meetings attended and the absences held against the member.
 */
export function countedAttendance(counts: StatusCounts, policy: AttendancePolicy) {
  const lateAbsences = absencesFromLates(counts.totalLate, policy.latesPerAbsence);
  return {
    attended: counts.totalPresent + counts.totalLate + counts.totalSubstitute - lateAbsences,
    absences: counts.totalAbsent + lateAbsences,
  };
}

/**
 * The attendance rate: attended / (attended + absences) x 100, one decimal; null before
 * any meeting counts (0 / 0). The one place the rate is worked out: the card, the roster, its export and
 * every period's figures call it (the roster's sort key, member_totals.attendance_order, orders by the
 * same ratio without the lates rule: docs/decisions/0034).
 */
export function attendanceRate(counts: StatusCounts, policy: AttendancePolicy): number | null {
  const { attended, absences } = countedAttendance(counts, policy);
  const countable = attended + absences;
  return countable === 0 ? null : Math.round((attended * 1000) / countable) / 10;
}

export function attendanceStats(
  counts: AttendanceCounts,
  missedMeetingLimit: number | null,
  policy: AttendancePolicy = NO_ATTENDANCE_POLICY,
): AttendanceStats {
  const limit = missedMeetingLimit ?? DEFAULT_MISSED_MEETING_LIMIT;
  const absencesInWindow =
    counts.absentInWindow + absencesFromLates(counts.lateInWindow, policy.latesPerAbsence);
  return {
    attendanceRate: attendanceRate(counts, policy),
    totalPresent: counts.totalPresent,
    totalAbsent: counts.totalAbsent,
    totalExcused: counts.totalExcused,
    totalLate: counts.totalLate,
    totalSubstitute: counts.totalSubstitute,
    missedRemaining: Math.max(0, limit - absencesInWindow),
    missedMeetingLimit: limit,
    substitutesRemaining:
      policy.substituteLimit === null
        ? null
        : Math.max(0, policy.substituteLimit - counts.substituteInWindow),
  };
}

export type Tone = 'green' | 'yellow' | 'red';

/**
 * docs/product.md, "Attendance": 80 or more Excellent (green), 60 to under 80 Fair (yellow), below 60 Needs Improvement
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

/** docs/product.md, "Attendance": 1 or fewer red (with the warning), 2 or fewer yellow, else green. */
export function remainingAbsencesTone(missedRemaining: number): { tone: Tone; warning?: string } {
  if (missedRemaining <= 1) return { tone: 'red', warning: '⚠️ You are approaching the attendance limit' };
  if (missedRemaining <= 2) return { tone: 'yellow' };
  return { tone: 'green' };
}

export const NO_MEETINGS_YET = 'No meetings recorded yet';
