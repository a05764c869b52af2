import { z } from 'zod';
import { parseCents } from '../money';
import { MAX_MONEY_CENTS } from '../money-schema';
import { lineText, orNull, requiredName } from '../text';
import { chapterSlug } from './slug';
import { TIME_FORMATS } from './time-format';

export * from './meeting-line';

export const CHAPTER_MESSAGES = {
  notFound: 'Chapter not found',
  nameRequired: 'Chapter name is required',
  nameTaken: (name: string) => `A chapter named "${name}" already exists`,
  invalidTimeZone: 'Choose a time zone such as America/Denver',
  invalidWeekday: 'Choose a meeting day',
  invalidTimeFormat: 'Choose 12-hour or 24-hour times',
  invalidTime: 'Enter the meeting time as HH:MM, for example 07:00',
  invalidDues: 'Invalid Value - Please enter a valid positive number for annual dues',
  invalidCommission: 'Invalid Rate - Commission rate must be between 0 and 100.',
  invalidLimit: 'Please enter a whole number of meetings from 1 to 52',
  invalidMeetingUrl: 'Enter the online meeting link as an http(s) address',
  invalidOnTime: 'Enter the on-time cut-off as whole minutes from 0 to 120',
  invalidLatesPerAbsence: 'Enter how many lates make one absence, from 1 to 20, or leave it empty',
  invalidSubstituteLimit: 'Enter how many substitutes six months allow, from 0 to 26, or leave it empty',
  invalidVisitLimit: 'Enter how many times a visitor may come, from 1 to 10, or leave it empty',
  memberNotInChapter: 'That member does not belong to this chapter',
  alreadyInChapter: 'The member already belongs to that chapter',
  cannotMoveAgencyAdmin: 'An Agency Administrator is not moved between chapters',
  guestCannotAdminister: 'A guest becomes a member before they can administer a chapter',
} as const;

export const CHAPTER_NAME_MAX = 80;

/** `?chapter=` a chapter's slug, on public reads that belong to one chapter (the first when absent). */
export const chapterSlugSchema = chapterSlug(CHAPTER_MESSAGES.notFound);
export const chapterQuerySchema = z.strictObject({ chapter: chapterSlugSchema.optional() });

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const nullableInt = (min: number, max: number, message: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .transform((v) => (v === null || String(v).trim() === '' ? null : Number(v)))
    .refine((v) => v === null || (Number.isInteger(v) && v >= min && v <= max), message);

/** A chapter's own settings; null (or empty) means "use the agency default". */
const chapterSettingsShape = {
  timeZone: orNull(lineText(64)).refine((v) => v === null || isTimeZone(v), CHAPTER_MESSAGES.invalidTimeZone),
  meetingWeekday: nullableInt(0, 6, CHAPTER_MESSAGES.invalidWeekday),
  meetingTime: orNull(lineText(5)).refine(
    (v) => v === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(v),
    CHAPTER_MESSAGES.invalidTime,
  ),
  meetingPlace: orNull(lineText(200)),
  defaultAnnualDues: z
    .union([z.number(), z.string(), z.null()], { error: CHAPTER_MESSAGES.invalidDues })
    .transform((v) => (v === null ? '' : String(v).trim()))
    .refine((v) => {
      if (v === '') return true;
      const cents = parseCents(v);
      return cents !== undefined && cents > 0 && cents <= MAX_MONEY_CENTS;
    }, CHAPTER_MESSAGES.invalidDues)
    .transform((v) => (v === '' ? null : ((parseCents(v) ?? 0) / 100).toFixed(2))),
  defaultCommissionPercent: z
    .union([z.number(), z.string(), z.null()], { error: CHAPTER_MESSAGES.invalidCommission })
    .transform((v) => (v === null ? '' : String(v).trim()))
    .refine(
      (v) => v === '' || (/^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100),
      CHAPTER_MESSAGES.invalidCommission,
    )
    .transform((v) => (v === '' ? null : Number(v).toFixed(2))),
  missedMeetingLimit: nullableInt(1, 52, CHAPTER_MESSAGES.invalidLimit),
  meetingUrl: orNull(lineText(500)).refine(
    (v) => v === null || /^https?:\/\/[^\s]+$/i.test(v),
    CHAPTER_MESSAGES.invalidMeetingUrl,
  ),
  onTimeMinutes: nullableInt(0, 120, CHAPTER_MESSAGES.invalidOnTime),
  timeFormat: z.enum(TIME_FORMATS, { error: CHAPTER_MESSAGES.invalidTimeFormat }).nullable(),
  latesPerAbsence: nullableInt(1, 20, CHAPTER_MESSAGES.invalidLatesPerAbsence),
  substituteLimit: nullableInt(0, 26, CHAPTER_MESSAGES.invalidSubstituteLimit),
  visitLimit: nullableInt(1, 10, CHAPTER_MESSAGES.invalidVisitLimit),
};

/** The day a chapter meets: asked when it is created and never unset, so no day is ever invented for it. */
const meetingWeekday = chapterSettingsShape.meetingWeekday.refine(
  (day) => day !== null,
  CHAPTER_MESSAGES.invalidWeekday,
);

/** PATCH /api/chapters/:id: only the fields sent change. */
export const updateChapterSchema = z.strictObject({
  name: requiredName(CHAPTER_MESSAGES.nameRequired, CHAPTER_NAME_MAX).optional(),
  timeZone: chapterSettingsShape.timeZone.optional(),
  meetingWeekday: meetingWeekday.optional(),
  meetingTime: chapterSettingsShape.meetingTime.optional(),
  meetingPlace: chapterSettingsShape.meetingPlace.optional(),
  defaultAnnualDues: chapterSettingsShape.defaultAnnualDues.optional(),
  defaultCommissionPercent: chapterSettingsShape.defaultCommissionPercent.optional(),
  missedMeetingLimit: chapterSettingsShape.missedMeetingLimit.optional(),
  meetingUrl: chapterSettingsShape.meetingUrl.optional(),
  onTimeMinutes: chapterSettingsShape.onTimeMinutes.optional(),
  timeFormat: chapterSettingsShape.timeFormat.optional(),
  latesPerAbsence: chapterSettingsShape.latesPerAbsence.optional(),
  substituteLimit: chapterSettingsShape.substituteLimit.optional(),
  visitLimit: chapterSettingsShape.visitLimit.optional(),
});
export type ChapterChange = z.output<typeof updateChapterSchema>;

/** POST /api/chapters: a name and the day it meets, and any settings (the rest follow the agency). */
export const createChapterSchema = updateChapterSchema.extend({
  name: requiredName(CHAPTER_MESSAGES.nameRequired, CHAPTER_NAME_MAX),
  meetingWeekday,
});
export type ChapterChangeInput = z.input<typeof updateChapterSchema>;

/** The settings a chapter inherits from the agency when it has none of its own. */
export const chapterSettingsSchema = z.object({
  timeZone: z.string().nullable(),
  meetingWeekday: z.number().nullable(),
  meetingTime: z.string().nullable(),
  meetingPlace: z.string().nullable(),
  defaultAnnualDues: z.string().nullable(),
  defaultCommissionPercent: z.string().nullable(),
  missedMeetingLimit: z.number().nullable(),
  meetingUrl: z.string().nullable(),
  onTimeMinutes: z.number().nullable(),
  latesPerAbsence: z.number().nullable(),
  substituteLimit: z.number().nullable(),
  visitLimit: z.number().nullable(),
  timeFormat: z.enum(TIME_FORMATS).nullable(),
});

export const chapterAdminSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const chapterSchema = chapterSettingsSchema.extend({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  memberCount: z.number(),
  admins: z.array(chapterAdminSchema),
});
export type Chapter = z.infer<typeof chapterSchema>;

/** GET /api/chapters: every chapter, and the agency's defaults each one falls back on. */
export const chapterListSchema = z.object({
  chapters: z.array(chapterSchema),
  agencyDefaults: z.object({
    timeZone: z.string(),
    defaultAnnualDues: z.string(),
    defaultCommissionPercent: z.string().nullable(),
    missedMeetingLimit: z.number(),
  }),
});
export type ChapterList = z.infer<typeof chapterListSchema>;

/** POST /api/chapters/:id/admins */
export const chapterAdminInputSchema = z.strictObject({ userId: z.uuid({ error: 'Choose a member' }) });

/** POST /api/users/:id/chapter: move a member (with their history) to another chapter. */
export const moveMemberSchema = z.strictObject({ chapterId: z.uuid({ error: 'Choose a chapter' }) });
export const moveMemberResultSchema = z.object({
  chapterId: z.string(),
  /** True when the member's industry seat was taken in the new chapter, so they arrive without one. */
  industryCleared: z.boolean(),
});

/** The chapters anyone may list (the selector, the apply form, the public chapter list). */
export const chapterSummarySchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });

/** GET /api/chapters/:id/members: the chapter's members (guests aside), to pick an administrator or a member to move. */
export const CHAPTER_MEMBERS_MAX = 1000;
export const chapterMemberSchema = z.object({ id: z.string(), name: z.string(), role: z.string() });
export type ChapterMember = z.infer<typeof chapterMemberSchema>;

/** GET /api/chapters/public: what a visitor sees of each chapter. */
export const publicChapterSchema = z.object({
  name: z.string(),
  slug: z.string(),
  meetingWeekday: z.number().nullable(),
  meetingTime: z.string().nullable(),
  meetingPlace: z.string().nullable(),
  timeFormat: z.enum(TIME_FORMATS).nullable(),
  members: z.number(),
  openSeats: z.number(),
});
export type PublicChapter = z.infer<typeof publicChapterSchema>;

/** GET /api/chapters/public/:slug: the chapter and the industries whose seat is open there. */
export const publicChapterDetailSchema = publicChapterSchema.extend({
  openSeatIndustries: z.array(z.string()),
});
export type PublicChapterDetail = z.infer<typeof publicChapterDetailSchema>;
