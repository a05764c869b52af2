/**
 * Attendance states as stored: PALMS (Present, Absent, Late, Medical, Substitute), with the original
 * tool's "excused" for PALMS' Medical (docs/product.md, "Attendance"). The batch payload sends them in capitals.
 */
export const ATTENDANCE_STATUSES = ['present', 'absent', 'excused', 'late', 'substitute'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export const ATTENDANCE_STATUS_LABELS: Record<AttendanceStatus, string> = {
  present: 'Present',
  absent: 'Absent',
  excused: 'Excused',
  late: 'Late',
  substitute: 'Substitute',
};

/** The order a leader records them in at the door (PALMS). */
export const STATUSES_IN_RECORDING_ORDER: readonly AttendanceStatus[] = [
  'present',
  'late',
  'substitute',
  'excused',
  'absent',
];

/** A meeting's life: scheduled -> open (check-in running) -> closed, or a holiday. */
export const MEETING_STATES = ['scheduled', 'open', 'closed', 'holiday'] as const;
export type MeetingState = (typeof MEETING_STATES)[number];

/** What a member can tell the chapter ahead of a meeting ("I'll be away"). */
export const AWAY_KINDS = ['excused', 'substitute'] as const;
export type AwayKind = (typeof AWAY_KINDS)[number];
