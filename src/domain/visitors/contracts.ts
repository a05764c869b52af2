import { z } from 'zod';
import { FIELD_MAX, requiredEmail } from '../fields';
import { lineText, longText, nameText, orNull, requiredLine, requiredName } from '../text';
import { VISITOR_MESSAGES as M } from './messages';
import { FOLLOW_UP_OUTCOMES, STAGE_CAUSES } from './pipeline';
import { VISITOR_SOURCES, VISITOR_STAGES } from './status';

export * from './messages';
export * from './pipeline';
export * from './status';

const uuid = (message: string) => z.uuid({ error: message });

/** What a person tells about themselves, on the public form and when a member invites them. */
const visitorFields = {
  firstName: requiredName(M.firstNameRequired, FIELD_MAX.personName),
  lastName: requiredName(M.lastNameRequired, FIELD_MAX.personName),
  email: requiredEmail(M.emailRequired, M.invalidEmail),
  phone: orNull(lineText(FIELD_MAX.phone)),
  business: orNull(nameText(FIELD_MAX.businessName)),
  industry: orNull(nameText(FIELD_MAX.industryName)),
  note: orNull(longText(FIELD_MAX.paragraph)),
};

/** POST /api/visit/:slug: the public registration. `website` is the honeypot; `formToken` times the fill. */
export const visitRegistrationSchema = z.strictObject({
  meetingId: uuid(M.meetingRequired),
  ...visitorFields,
  invitedById: uuid(M.inviterNotMember).nullable().optional(),
  website: lineText(500).optional(),
  formToken: requiredLine(M.formExpired, 200),
});
export type VisitRegistration = z.infer<typeof visitRegistrationSchema>;

/** An optional choice of a select, '' when none: null for the API. */
const optionalId = (message: string) =>
  z.union([z.literal(''), z.uuid({ error: message })], { error: message }).transform((v) => v || null);

/** The public visit form's own fields (its token and hidden field are added when it is sent). */
export const visitFormSchema = z.strictObject({
  meetingId: uuid(M.meetingRequired),
  ...visitorFields,
  invitedById: optionalId(M.inviterNotMember),
});
export type VisitForm = z.input<typeof visitFormSchema>;
export type VisitFormOutput = z.output<typeof visitFormSchema>;

/** POST /api/visitors: a member invites someone, to a meeting or not yet. */
export const inviteVisitorSchema = z.strictObject({
  ...visitorFields,
  meetingId: uuid(M.meetingRequired).nullable().optional(),
});
export type InviteVisitor = z.infer<typeof inviteVisitorSchema>;

/** The member's invite form: the meeting is optional ('' for "not yet"). */
export const inviteVisitorFormSchema = z.strictObject({
  ...visitorFields,
  meetingId: optionalId(M.meetingRequired),
});
export type InviteVisitorForm = z.input<typeof inviteVisitorFormSchema>;
export type InviteVisitorFormOutput = z.output<typeof inviteVisitorFormSchema>;

export const visitMeetingSchema = z.object({
  id: z.string(),
  meetingDate: z.string(),
  startTime: z.string(),
  place: z.string().nullable(),
  onlineUrl: z.string().nullable(),
});
export type VisitMeeting = z.infer<typeof visitMeetingSchema>;

/** GET /api/visitors/meetings: the meetings of the member's chapter a visitor may still come to. */
export const memberVisitMeetingsSchema = z.object({
  timeFormat: z.enum(['12h', '24h']),
  meetings: z.array(visitMeetingSchema),
});
export type MemberVisitMeetings = z.infer<typeof memberVisitMeetingsSchema>;

/** GET /api/visit/:slug: what the public visit page shows. */
export const visitPageSchema = z.object({
  chapter: z.object({
    name: z.string(),
    slug: z.string(),
    timeZone: z.string(),
    timeFormat: z.enum(['12h', '24h']),
    whatToBring: z.string(),
  }),
  meetings: z.array(visitMeetingSchema),
  members: z.array(z.object({ id: z.string(), name: z.string() })),
  formToken: z.string(),
});
export type VisitPage = z.infer<typeof visitPageSchema>;

/** GET /api/visitors/hosts: the chapter's members and whether each welcomes visitors. */
export const visitorHostChoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  visitorHost: z.boolean(),
  /** The chapter's president: overdue visitor calls go to them. */
  president: z.boolean(),
});

/** PUT /api/visitors/president (leadership): the chapter's president, or none. */
export const chapterPresidentSchema = z.strictObject({
  memberId: z.uuid({ error: M.presidentNotMember }).nullable(),
});
export type VisitorHostChoice = z.infer<typeof visitorHostChoiceSchema>;

/** A visitor as the member who invited them, or leadership, sees them. */
export const visitorSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  business: z.string().nullable(),
  industry: z.string().nullable(),
  stage: z.enum(VISITOR_STAGES),
  source: z.enum(VISITOR_SOURCES),
  invitedByName: z.string().nullable(),
  meetings: z.array(z.string()),
  /** Their industry has no member in the chapter (a seat they would fill); null when they gave none. */
  openSeat: z.boolean().nullable(),
  createdAt: z.string(),
});
export type Visitor = z.infer<typeof visitorSchema>;

/** POST /api/visitors/:id/not-a-fit (leadership): the pipeline ends for this visitor, with the reason. */
export const notAFitSchema = z.strictObject({
  reason: requiredLine(M.reasonRequired, FIELD_MAX.paragraph),
});
export type NotAFit = z.infer<typeof notAFitSchema>;

export const stageEventSchema = z.object({
  fromStage: z.enum(VISITOR_STAGES).nullable(),
  toStage: z.enum(VISITOR_STAGES),
  cause: z.enum(STAGE_CAUSES),
  byName: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type StageEvent = z.infer<typeof stageEventSchema>;

export const followUpSchema = z.object({
  id: z.string(),
  visitorId: z.string(),
  visitorName: z.string(),
  business: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string(),
  meetingDate: z.string(),
  hostId: z.string().nullable(),
  hostName: z.string().nullable(),
  dueOn: z.string(),
  outcome: z.enum(FOLLOW_UP_OUTCOMES).nullable(),
  note: z.string().nullable(),
  recordedAt: z.string().nullable(),
});
export type FollowUp = z.infer<typeof followUpSchema>;

/** GET /api/visitors/:id (leadership): one visitor with every move, visit and call. */
export const visitorDetailSchema = z.object({
  visitor: visitorSchema,
  note: z.string().nullable(),
  history: z.array(stageEventSchema),
  visits: z.array(
    z.object({
      id: z.string(),
      meetingDate: z.string(),
      checkedInAt: z.string().nullable(),
      creditedMemberId: z.string().nullable(),
      creditedName: z.string().nullable(),
    }),
  ),
  followUps: z.array(followUpSchema),
});
export type VisitorDetail = z.infer<typeof visitorDetailSchema>;

/** PUT /api/visitors/visits/:id/credit (leadership): who brought the visitor to that meeting, or no one. */
export const visitCreditSchema = z.strictObject({
  memberId: z.uuid({ error: M.creditNotMember }).nullable(),
});

/** POST /api/visitors/follow-ups/:id: the host records their call. */
export const recordFollowUpSchema = z.strictObject({
  outcome: z.enum(FOLLOW_UP_OUTCOMES, { error: M.outcomeRequired }),
  note: orNull(longText(FIELD_MAX.paragraph)),
});
export type RecordFollowUp = z.input<typeof recordFollowUpSchema>;

/** GET /api/visitors/follow-ups/waiting: calls whose day has come (mine) and the chapter's overdue (leadership). */
export const followUpWaitingSchema = z.object({ mine: z.number(), chapterOverdue: z.number() });
export type FollowUpWaiting = z.infer<typeof followUpWaitingSchema>;

/** GET /api/visitors/apply/:token: what a visitor told us, to fill the application form (signed in). */
export const visitorApplyPrefillSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  business: z.string().nullable(),
  industry: z.string().nullable(),
  chapterSlug: z.string().nullable(),
  chapterName: z.string().nullable(),
});
export type VisitorApplyPrefill = z.infer<typeof visitorApplyPrefillSchema>;

/** How many visitors the board shows per stage before "Show all". */
export const BOARD_STAGE_SIZE = 12;

/** GET /api/visitors/board (leadership): each stage's count and its newest visitors. */
export const visitorBoardSchema = z.array(
  z.object({ stage: z.enum(VISITOR_STAGES), count: z.number(), visitors: z.array(visitorSchema) }),
);
export type VisitorBoard = z.infer<typeof visitorBoardSchema>;

/** GET /api/visitors?stage=: one stage's visitors, newest first (a bounded page). */
export const visitorListQuerySchema = z.strictObject({ stage: z.enum(VISITOR_STAGES).optional() });

/** A quarter as the funnel reads it: `2026-Q4`. */
export const quarterSchema = z.string().regex(/^\d{4}-Q[1-4]$/, { error: 'Choose a quarter like 2026-Q4' });

const funnelCountsSchema = z.object({
  registered: z.number(),
  attended: z.number(),
  applied: z.number(),
  member: z.number(),
});
export type FunnelCounts = z.infer<typeof funnelCountsSchema>;

/** GET /api/visitors/funnel?quarter= (leadership): visitors who reached each stage in the quarter. */
export const visitorFunnelSchema = z.object({
  quarter: z.string(),
  from: z.string(),
  to: z.string(),
  chapter: funnelCountsSchema,
  byInviter: z.array(funnelCountsSchema.extend({ memberId: z.string().nullable(), name: z.string() })),
});
export type VisitorFunnel = z.infer<typeof visitorFunnelSchema>;
