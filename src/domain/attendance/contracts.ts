import { z } from 'zod';
import { chapterDateSchema } from '../date-schema';
import { FIELD_MAX, optionalEmail } from '../fields';
import { pageQuery, pageSchema } from '../paging';
import { PERIODS } from '../periods/periods';
import { lineText, longText, orNull } from '../text';
import {
  ATTENDANCE_MESSAGES,
  MAX_ATTENDANCE_BATCH,
  MAX_MEETING_PAGE_SIZE,
  MAX_RECORD_PAGE_SIZE,
  MEETING_PAGE_SIZE,
  RECORD_PAGE_SIZE,
} from './messages';
import { ATTENDANCE_STATUSES } from './status';

export * from './meeting-day';
export * from './meetings';
export * from './messages';
export * from './policy';
export * from './stats';
export * from './status';

/** PRESENT / ABSENT / EXCUSED on the wire, stored in lower case. */
const statusInput = z
  .string({ error: ATTENDANCE_MESSAGES.statusRequired })
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.enum(ATTENDANCE_STATUSES, { error: ATTENDANCE_MESSAGES.statusRequired }));

/** Empty notes are stored as null. */
const notes = orNull(longText(FIELD_MAX.attendanceNotes));

/** Who stood in, for a substitute (their name is required then; kept only for a substitute). */
const substituteFields = {
  substituteName: orNull(lineText(FIELD_MAX.personName)).optional(),
  substituteEmail: optionalEmail('Invalid email').optional(),
};

type WithSubstitute = { status: string; substituteName?: string | null | undefined };
const namesSubstitute = (r: WithSubstitute) => r.status !== 'substitute' || Boolean(r.substituteName);

export const meetingDateSchema = chapterDateSchema({
  required: ATTENDANCE_MESSAGES.dateRequired,
  future: ATTENDANCE_MESSAGES.futureDate,
});

/** POST /api/attendance/batch */
export const attendanceBatchSchema = z.strictObject({
  meetingDate: meetingDateSchema,
  attendanceRecords: z
    .array(
      z
        .strictObject({
          memberId: z.uuid(ATTENDANCE_MESSAGES.notAMember),
          status: statusInput,
          notes,
          ...substituteFields,
        })
        .refine(namesSubstitute, {
          path: ['substituteName'],
          message: ATTENDANCE_MESSAGES.substituteNameRequired,
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
export const attendanceEditSchema = z
  .strictObject({ status: statusInput, notes, ...substituteFields })
  .refine(namesSubstitute, { path: ['substituteName'], message: ATTENDANCE_MESSAGES.substituteNameRequired });
export type AttendanceEdit = z.input<typeof attendanceEditSchema>;

/** GET /api/attendance/meetings?limit=&cursor=: the history, newest meeting first. */
export const meetingPageQuerySchema = pageQuery(MEETING_PAGE_SIZE, MAX_MEETING_PAGE_SIZE);

/**
 * GET /api/attendance/records?date=&memberId=&limit=&cursor=: one meeting's records (names A to Z), one
 * member's (newest first), or everyone's; a page at a time.
 */
export const attendanceRecordsQuerySchema = z
  .object({ memberId: z.uuid().optional(), date: z.iso.date().optional() })
  .extend(pageQuery(RECORD_PAGE_SIZE, MAX_RECORD_PAGE_SIZE).shape);
export type AttendanceRecordsQuery = z.infer<typeof attendanceRecordsQuerySchema>;

export const attendanceRecordSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  meetingDate: z.string(),
  status: z.enum(ATTENDANCE_STATUSES),
  notes: z.string().nullable(),
  substituteName: z.string().nullable(),
  substituteEmail: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  businessName: z.string().nullable(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;
export const attendanceRecordPageSchema = pageSchema(attendanceRecordSchema);
export type AttendanceRecordPage = z.infer<typeof attendanceRecordPageSchema>;

/** One meeting in the history: its date and totals per status (its records are read page by page). */
export const meetingSummarySchema = z.object({
  date: z.string(),
  totalMembers: z.number(),
  totalPresent: z.number(),
  totalAbsent: z.number(),
  totalExcused: z.number(),
  totalLate: z.number(),
  totalSubstitute: z.number(),
});
export type MeetingSummary = z.infer<typeof meetingSummarySchema>;
export const meetingPageSchema = pageSchema(meetingSummarySchema);
export type MeetingPage = z.infer<typeof meetingPageSchema>;

/** One meeting: its date, totals per status and its records (a grouped submission). */
export const attendanceSubmissionSchema = z.object({
  date: z.string(),
  totalMembers: z.number(),
  totalPresent: z.number(),
  totalAbsent: z.number(),
  totalExcused: z.number(),
  totalLate: z.number(),
  totalSubstitute: z.number(),
  records: z.array(attendanceRecordSchema),
});
export type AttendanceSubmission = z.infer<typeof attendanceSubmissionSchema>;

export const attendanceStatsSchema = z.object({
  attendanceRate: z.number().nullable(),
  totalPresent: z.number(),
  totalAbsent: z.number(),
  totalExcused: z.number(),
  totalLate: z.number(),
  totalSubstitute: z.number(),
  missedRemaining: z.number(),
  missedMeetingLimit: z.number(),
  substitutesRemaining: z.number().nullable(),
});
export const batchAttendanceStatsSchema = z.record(z.string(), attendanceStatsSchema);

/** A period's attendance: the rate and counts of its meetings. */
export const periodAttendanceSchema = attendanceStatsSchema.pick({
  attendanceRate: true,
  totalPresent: true,
  totalAbsent: true,
  totalExcused: true,
  totalLate: true,
  totalSubstitute: true,
});

/**
 * GET /api/attendance/stats?period=: the rate and counts over the period, the period before beside them
 * (null for all time); absences remaining always count the rolling window.
 */
export const myAttendanceStatsSchema = attendanceStatsSchema.extend({
  period: z.enum(PERIODS),
  previous: periodAttendanceSchema.nullable(),
});
export type MyAttendanceStats = z.infer<typeof myAttendanceStatsSchema>;
