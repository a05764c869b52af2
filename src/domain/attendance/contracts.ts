import { z } from 'zod';
import { chapterDateSchema } from '../date-schema';
import { FIELD_MAX } from '../fields';
import { longText, orNull } from '../text';
import { ATTENDANCE_STATUSES } from './status';

export * from './meeting-day';
export * from './policy';
export * from './stats';
export * from './status';

export const ATTENDANCE_MESSAGES = {
  dateRequired: 'Meeting date is required',
  futureDate: 'The meeting date cannot be in the future',
  noneMarked: 'Please mark attendance for at least one member.',
  statusRequired: 'Choose Present, Absent or Excused',
  notAMember: 'Every record must be for a current member',
  duplicateMember: 'A member is marked twice',
  notFound: 'Attendance record not found',
  deleteConfirm: 'Are you sure you want to delete this attendance record? This action cannot be undone.',
} as const;

/** The most members one batch may mark (a chapter is far smaller; the cap keeps one request bounded). */
export const MAX_ATTENDANCE_BATCH = 500;

/** PRESENT / ABSENT / EXCUSED on the wire (spec section 4), stored in lower case. */
const statusInput = z
  .string({ error: ATTENDANCE_MESSAGES.statusRequired })
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.enum(ATTENDANCE_STATUSES, { error: ATTENDANCE_MESSAGES.statusRequired }));

/** Empty notes are stored as null. */
const notes = orNull(longText(FIELD_MAX.attendanceNotes));

export const meetingDateSchema = chapterDateSchema({
  required: ATTENDANCE_MESSAGES.dateRequired,
  future: ATTENDANCE_MESSAGES.futureDate,
});

/** POST /api/attendance/batch */
export const attendanceBatchSchema = z.strictObject({
  meetingDate: meetingDateSchema,
  attendanceRecords: z
    .array(
      z.strictObject({
        memberId: z.uuid(ATTENDANCE_MESSAGES.notAMember),
        status: statusInput,
        notes,
      }),
      { error: ATTENDANCE_MESSAGES.noneMarked },
    )
    .min(1, ATTENDANCE_MESSAGES.noneMarked)
    .max(MAX_ATTENDANCE_BATCH)
    .refine(
      (records) => new Set(records.map((r) => r.memberId.toLowerCase())).size === records.length,
      ATTENDANCE_MESSAGES.duplicateMember,
    ),
});
export type AttendanceBatch = z.input<typeof attendanceBatchSchema>;

/** PUT /api/attendance/records/:id */
export const attendanceEditSchema = z.strictObject({ status: statusInput, notes });
export type AttendanceEdit = z.input<typeof attendanceEditSchema>;

/** GET /api/attendance/records?memberId= */
export const attendanceRecordsQuerySchema = z.object({ memberId: z.uuid().optional() });

export const attendanceRecordSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  meetingDate: z.string(),
  status: z.enum(ATTENDANCE_STATUSES),
  notes: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  businessName: z.string().nullable(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;

/** One meeting: its date, totals per status and its records (spec section 3's grouped submission). */
export const attendanceSubmissionSchema = z.object({
  date: z.string(),
  totalMembers: z.number(),
  totalPresent: z.number(),
  totalAbsent: z.number(),
  totalExcused: z.number(),
  records: z.array(attendanceRecordSchema),
});
export type AttendanceSubmission = z.infer<typeof attendanceSubmissionSchema>;

export const attendanceStatsSchema = z.object({
  attendanceRate: z.number().nullable(),
  totalPresent: z.number(),
  totalAbsent: z.number(),
  totalExcused: z.number(),
  missedRemaining: z.number(),
  missedMeetingLimit: z.number(),
});
export const batchAttendanceStatsSchema = z.record(z.string(), attendanceStatsSchema);
