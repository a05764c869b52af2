import { z } from 'zod';
import { TIME_FORMATS } from '../chapters/time-format';
import { EARLIEST_DATE, isIsoDate } from '../dates';
import { FIELD_MAX, optionalEmail } from '../fields';
import { pageQuery, pageSchema } from '../paging';
import { lineText, longText, orNull, requiredLongText } from '../text';
import { MEETING_MESSAGES, MEETING_VIEWS } from './meeting-messages';
import { AWAY_KINDS, MEETING_STATES } from './status';

export * from './meeting-messages';

const startTime = z
  .string({ error: MEETING_MESSAGES.timeInvalid })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, MEETING_MESSAGES.timeInvalid);
const onlineUrl = orNull(lineText(500)).refine(
  (v) => v === null || /^https?:\/\/\S+$/i.test(v),
  MEETING_MESSAGES.urlInvalid,
);
const meetingDay = z
  .string({ error: MEETING_MESSAGES.dateRequired })
  .trim()
  .refine(isIsoDate, MEETING_MESSAGES.dateRequired)
  .refine((d) => d >= EARLIEST_DATE, MEETING_MESSAGES.dateRequired);

/** POST /api/meetings: an extra meeting beside the schedule's. */
export const createMeetingSchema = z.strictObject({
  meetingDate: meetingDay,
  startTime,
  /** A chapter meeting counts for attendance (the default); a social or a training does not. */
  counts: z.boolean({ error: MEETING_MESSAGES.countsRequired }).default(true),
  place: orNull(lineText(200)).optional(),
  onlineUrl: onlineUrl.optional(),
});
export type CreateMeetingInput = z.input<typeof createMeetingSchema>;

/** PATCH /api/meetings/:id: move a meeting not yet opened, or mark its week a holiday (or undo that). */
export const updateMeetingSchema = z.strictObject({
  meetingDate: meetingDay.optional(),
  startTime: startTime.optional(),
  place: orNull(lineText(200)).optional(),
  onlineUrl: onlineUrl.optional(),
  holiday: z.boolean().optional(),
  note: orNull(lineText(200)).optional(),
});
export type UpdateMeetingInput = z.input<typeof updateMeetingSchema>;

/** POST /api/meetings/:id/reopen (NETWORK_ADMIN and above). */
export const reopenMeetingSchema = z.strictObject({
  reason: requiredLongText(MEETING_MESSAGES.reasonRequired, 500),
});

/** POST /api/meetings/away: "I'll be away" for one meeting date. */
export const awayNoticeSchema = z
  .strictObject({
    meetingDate: meetingDay,
    kind: z.enum(AWAY_KINDS, { error: 'Choose excused or a substitute' }),
    reason: orNull(longText(500)).optional(),
    substituteName: orNull(lineText(FIELD_MAX.personName)).optional(),
    substituteEmail: optionalEmail('Invalid email').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'substitute' && !v.substituteName) {
      ctx.addIssue({
        code: 'custom',
        path: ['substituteName'],
        message: MEETING_MESSAGES.substituteNameRequired,
      });
    }
    if (v.kind === 'excused' && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: MEETING_MESSAGES.awayReasonRequired });
    }
  });
export type AwayNoticeInput = z.input<typeof awayNoticeSchema>;

export const meetingTotalsSchema = z.object({
  present: z.number(),
  late: z.number(),
  absent: z.number(),
  excused: z.number(),
  substitute: z.number(),
});

export const meetingSchema = z.object({
  id: z.string(),
  meetingDate: z.string(),
  startTime: z.string(),
  place: z.string().nullable(),
  onlineUrl: z.string().nullable(),
  state: z.enum(MEETING_STATES),
  extra: z.boolean(),
  /** Counts for attendance: closing a meeting that does not marks nobody absent. */
  counts: z.boolean(),
  note: z.string().nullable(),
  totals: meetingTotalsSchema,
  /** Its day has passed in the chapter's zone and it was never opened (nor made a holiday). */
  notRecorded: z.boolean(),
  /** Members the door list expects: current non-guest members who had joined by its day. */
  expected: z.number(),
  /** Members who said ahead they will be away. */
  awayCount: z.number(),
  /** How its chapter writes the time of day. */
  timeFormat: z.enum(TIME_FORMATS),
});
export type Meeting = z.infer<typeof meetingSchema>;

/** GET /api/meetings?view=upcoming|past: upcoming (and open) soonest first, past newest first. */
export const meetingListQuerySchema = z
  .object({ view: z.enum(MEETING_VIEWS).default('upcoming') })
  .extend(pageQuery(10, 50).shape);
export const meetingListSchema = pageSchema(meetingSchema);
export type MeetingList = z.infer<typeof meetingListSchema>;

export const awayNoticeViewSchema = z.object({
  memberId: z.string(),
  memberName: z.string(),
  meetingDate: z.string(),
  kind: z.enum(AWAY_KINDS),
  reason: z.string().nullable(),
  substituteName: z.string().nullable(),
  substituteEmail: z.string().nullable(),
});
export type AwayNoticeView = z.infer<typeof awayNoticeViewSchema>;

/** GET /api/meetings/:id: the meeting and who said they will be away. */
export const meetingDetailSchema = meetingSchema.extend({ away: z.array(awayNoticeViewSchema) });
export type MeetingDetail = z.infer<typeof meetingDetailSchema>;

/** GET /api/meetings/mine: a member's next meetings, each with their own "I'll be away" if any. */
export const myMeetingsSchema = z.object({
  meetings: z.array(
    z.object({
      meetingDate: z.string(),
      startTime: z.string(),
      place: z.string().nullable(),
      onlineUrl: z.string().nullable(),
      state: z.enum(MEETING_STATES),
      away: awayNoticeViewSchema.nullable(),
    }),
  ),
  substitutesRemaining: z.number().nullable(),
  /** How the member's chapter writes the time of day. */
  timeFormat: z.enum(TIME_FORMATS),
});
export type MyMeetings = z.infer<typeof myMeetingsSchema>;
