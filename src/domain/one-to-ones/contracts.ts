import { z } from 'zod';
import { chapterDateSchema } from '../date-schema';
import { EARLIEST_DATE, isIsoDate } from '../dates';
import { FIELD_MAX } from '../fields';
import { enteredBySchema } from '../members/entered-by-schema';
import { pageQuery, pageSchema } from '../paging';
import { lineText, longText, orNull } from '../text';
import {
  BOOKING_STATUSES,
  DEFAULT_BOOKING_MINUTES,
  ONE_TO_ONE_MESSAGES as M,
  MAX_MINUTES,
  MAX_ONE_TO_ONE_PAGE_SIZE,
  MIN_MINUTES,
  ONE_TO_ONE_MODES,
  ONE_TO_ONE_PAGE_SIZE,
  ONE_TO_ONE_STATUSES,
} from './messages';

export * from './messages';

const memberId = z.string({ error: M.chooseMember }).trim().min(1, M.chooseMember).pipe(z.uuid(M.notAMember));
const mode = z.enum(ONE_TO_ONE_MODES, { error: M.modeRequired });
const place = orNull(lineText(200));
const minutes = z.coerce
  .number({ error: M.minutesInvalid })
  .int(M.minutesInvalid)
  .min(MIN_MINUTES, M.minutesInvalid)
  .max(MAX_MINUTES, M.minutesInvalid);
const learned = orNull(longText(FIELD_MAX.paragraph));
const nextStep = orNull(lineText(500));
const metOn = chapterDateSchema({ required: M.dateRequired, future: M.futureDate });

/** In person needs a place; online may name its link or nothing. */
const placeForMode = (
  value: { mode?: string | undefined; place?: string | null | undefined },
  ctx: z.RefinementCtx,
) => {
  if (value.mode === 'in_person' && !value.place)
    ctx.addIssue({ code: 'custom', path: ['place'], message: M.placeRequired });
};

/** POST /api/one-to-ones: the signed-in member met `withMemberId`. */
export const logOneToOneSchema = z
  .strictObject({ withMemberId: memberId, metOn, mode, place, minutes, learned, nextStep })
  .superRefine(placeForMode);
export type LogOneToOneInput = z.input<typeof logOneToOneSchema>;

/** PATCH /api/one-to-ones/:id: any of its facts but who met. */
export const editOneToOneSchema = z
  .strictObject({
    metOn: metOn.optional(),
    mode: mode.optional(),
    place: place.optional(),
    minutes: minutes.optional(),
    learned: learned.optional(),
    nextStep: nextStep.optional(),
  })
  .superRefine(placeForMode);
export type EditOneToOneInput = z.input<typeof editOneToOneSchema>;

/** POST /api/one-to-ones/:id/dispute: the other member says it did not happen. */
export const disputeOneToOneSchema = z.strictObject({ note: orNull(lineText(500)) });

const personSchema = z.object({ id: z.string(), name: z.string(), businessName: z.string().nullable() });

export const oneToOneProposalSchema = z.object({
  id: z.string(),
  kind: z.enum(['change', 'removal']),
  proposedByMe: z.boolean(),
  metOn: z.string().nullable(),
  minutes: z.number().nullable(),
  createdAt: z.string(),
});
export type OneToOneProposal = z.infer<typeof oneToOneProposalSchema>;

export const oneToOneSchema = z.object({
  id: z.string(),
  metOn: z.string(),
  mode: z.enum(ONE_TO_ONE_MODES),
  place: z.string().nullable(),
  minutes: z.number(),
  learned: z.string().nullable(),
  nextStep: z.string().nullable(),
  status: z.enum(ONE_TO_ONE_STATUSES),
  loggedByMe: z.boolean(),
  /** Leadership, when it keyed the one-to-one in from a paper slip on the logger's behalf. */
  enteredBy: enteredBySchema,
  /** The other member; null once their account was removed. */
  other: personSchema.nullable(),
  disputeNote: z.string().nullable(),
  /** Its week is closed: a change or removal is a proposal the other member answers. */
  weekClosed: z.boolean(),
  proposal: oneToOneProposalSchema.nullable(),
  createdAt: z.string(),
});
export type OneToOne = z.infer<typeof oneToOneSchema>;

/** POST /api/one-to-ones answers 201 with a new one, 200 with the one already logged for the pair and date. */
export const oneToOneLoggedSchema = oneToOneSchema;

export const oneToOnePageQuerySchema = pageQuery(ONE_TO_ONE_PAGE_SIZE, MAX_ONE_TO_ONE_PAGE_SIZE);
export const oneToOnePageSchema = pageSchema(oneToOneSchema);
export type OneToOnePage = z.infer<typeof oneToOnePageSchema>;

/** GET /api/one-to-ones/summary: held one-to-ones this month and over the last six months. */
export const oneToOneSummarySchema = z.object({
  thisMonth: z.number(),
  lastSixMonths: z.number(),
  /** The first day the six months count from (yyyy-MM-dd). */
  windowFrom: z.string(),
  total: z.number(),
});
export type OneToOneSummary = z.infer<typeof oneToOneSummarySchema>;

export const suggestionSchema = z.object({
  member: personSchema.extend({ industry: z.string().nullable() }),
  /** The last held one-to-one of the two; null when they never met. */
  lastMetOn: z.string().nullable(),
  /** Their industry is among those that exchanged the most approved referrals with mine. */
  exchangesWithMine: z.boolean(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
export const suggestionsSchema = z.object({ items: z.array(suggestionSchema) });

const bookingTime = z
  .string({ error: M.bookingTimeInvalid })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.bookingTimeInvalid);
const bookingDate = z
  .string({ error: M.dateRequired })
  .trim()
  .refine(isIsoDate, M.dateRequired)
  .refine((d) => d >= EARLIEST_DATE, M.dateRequired);

/** POST /api/one-to-ones/bookings: a date and time with another member, in the booker's chapter's time zone. */
export const bookOneToOneSchema = z
  .strictObject({
    withMemberId: memberId,
    date: bookingDate,
    startTime: bookingTime,
    minutes: minutes.default(DEFAULT_BOOKING_MINUTES),
    mode,
    place,
  })
  .superRefine(placeForMode);
export type BookOneToOneInput = z.input<typeof bookOneToOneSchema>;

/** PATCH /api/one-to-ones/bookings/:id: moved (the invitation is sent again, SEQUENCE one higher). */
export const moveBookingSchema = z
  .strictObject({
    date: bookingDate.optional(),
    startTime: bookingTime.optional(),
    minutes: minutes.optional(),
    mode: mode.optional(),
    place: place.optional(),
  })
  .superRefine(placeForMode);

/** POST /api/one-to-ones/bookings/:id/outcome: "Did it happen?" */
export const bookingOutcomeSchema = z.strictObject({
  happened: z.boolean({ error: 'Say whether it happened' }),
});

export const bookingSchema = z.object({
  id: z.string(),
  date: z.string(),
  startTime: z.string(),
  minutes: z.number(),
  mode: z.enum(ONE_TO_ONE_MODES),
  place: z.string().nullable(),
  timeZone: z.string(),
  status: z.enum(BOOKING_STATUSES),
  bookedByMe: z.boolean(),
  other: personSchema.nullable(),
  /** Its time has passed and nobody said yet whether it happened: the booker is asked. */
  due: z.boolean(),
  oneToOneId: z.string().nullable(),
  googleUrl: z.string(),
  outlookUrl: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;
export const bookingsSchema = z.object({ items: z.array(bookingSchema) });

/** PATCH /api/one-to-ones/proposals/:id */
export const oneToOneProposalDecisionSchema = z.strictObject({
  decision: z.enum(['accepted', 'declined'], { error: M.decisionRequired }),
});
