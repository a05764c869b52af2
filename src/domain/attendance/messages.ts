/** Attendance's messages and sizes, without zod: the dashboard's first tab reads them as it starts. */
export const ATTENDANCE_MESSAGES = {
  dateRequired: 'Meeting date is required',
  futureDate: 'The meeting date cannot be in the future',
  noneMarked: 'Please mark attendance for at least one member.',
  statusRequired: 'Choose Present, Late, Absent, Excused or Substitute',
  substituteNameRequired: "Enter the substitute's name",
  notAMember: 'Every record must be for a current member',
  duplicateMember: 'A member is marked twice',
  notFound: 'Attendance record not found',
  deleteConfirm: 'Are you sure you want to delete this attendance record? This action cannot be undone.',
} as const;

/** The most members one batch may mark (a chapter is far smaller; the cap keeps one request bounded). */
export const MAX_ATTENDANCE_BATCH = 500;

/** Meetings in the history at a time (each with its totals), and at most per page. */
export const MEETING_PAGE_SIZE = 10;
export const MAX_MEETING_PAGE_SIZE = 50;
/** Records at a time (one meeting's, or one member's), and at most per page. */
export const RECORD_PAGE_SIZE = 100;
export const MAX_RECORD_PAGE_SIZE = 200;
