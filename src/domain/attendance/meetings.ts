import { z } from 'zod';
import { EARLIEST_DATE, isIsoDate } from '../dates';
import { FIELD_MAX, optionalEmail } from '../fields';
import { pageQuery, pageSchema } from '../paging';
import { lineText, longText, orNull, requiredLongText } from '../text';
import { AWAY_KINDS, MEETING_STATES } from './status';

export const MEETING_MESSAGES = {
  notFound: 'Meeting not found',
  dateRequired: 'Choose the meeting date',
  timeInvalid: 'Enter the start time as HH:MM, for example 07:00',
  urlInvalid: 'Enter the online meeting link as an http(s) address',
  dateTaken: 'The chapter already has a meeting on that date',
  tooFarAhead: 'A meeting can be planned at most a year ahead',
  notBeforeItsDay: 'A meeting opens on its day, not before',
  closed: 'This week is closed; an administrator can reopen it',
  holiday: 'There is no meeting this week (holiday)',
  notOpen: 'Open the meeting before closing it',
  notScheduled: 'Only a meeting not yet opened can be moved or made a holiday',
  notClosed: 'Only a closed week can be reopened',
  reasonRequired: 'Give a reason to reopen the week',
  substituteNameRequired: "Enter the substitute's name",
  awayReasonRequired: 'Say why you will be away',
  awayPast: 'Tell the chapter before the meeting opens',
  noSubstitutesLeft: 'You have no substitutes left in the six-month window',
} as const;

/** How many weeks ahead the job clock keeps the schedule's meetings, and how far back it catches up. */
export const MEETINGS_AHEAD_WEEKS = 4;
export const MEETINGS_CATCH_UP_WEEKS = 12;
/** The built-in start time and on-time cut-off when neither the chapter nor the agency sets one. */
export const DEFAULT_MEETING_TIME = '07:00';
export const DEFAULT_ON_TIME_MINUTES = 5;

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
  note: z.string().nullable(),
  totals: meetingTotalsSchema,
  /** Members who said ahead they will be away. */
  awayCount: z.number(),
});
export type Meeting = z.infer<typeof meetingSchema>;

export const MEETING_VIEWS = ['upcoming', 'past'] as const;
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
});
export type MyMeetings = z.infer<typeof myMeetingsSchema>;

export const MEETING_STATE_LABELS = {
  scheduled: 'Scheduled',
  open: 'Open',
  closed: 'Closed',
  holiday: 'Holiday',
} as const;
