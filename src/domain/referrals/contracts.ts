import { z } from 'zod';
import { chapterDateSchema } from '../date-schema';
import { FIELD_MAX } from '../fields';
import { enteredBySchema } from '../members/entered-by-schema';
import { parseCents } from '../money';
import { MAX_REFERRAL_CENTS, MONEY_MESSAGES, optionalMoneySchema } from '../money-schema';
import { pageQuery, pageSchema } from '../paging';
import { PERIODS } from '../periods/periods';
import { lineText, longText, nameText } from '../text';
import {
  isCommissionRate,
  MAX_REFERRAL_PAGE_SIZE,
  REFERRAL_DIRECTIONS,
  REFERRAL_MESSAGES,
  REFERRAL_PAGE_SIZE,
} from './messages';
import {
  PROPOSAL_DECISIONS,
  REFERRAL_EVENT_KINDS,
  REFERRAL_PROPOSAL_KINDS,
  REFERRAL_STATUSES,
  REFERRAL_TYPES,
} from './status';

export * from './messages';
export * from './policy';
export * from './status';

const memberId = (message: string) =>
  z.string({ error: message }).trim().min(1, message).pipe(z.uuid(REFERRAL_MESSAGES.notAMember));

/** A sale date: a real yyyy-MM-dd from 2000-01-01, not after today in the chapter's time zone. */
export const pastDateSchema = (requiredMessage: string) =>
  chapterDateSchema({ required: requiredMessage, future: REFERRAL_MESSAGES.futureDate });

/**
 * An amount above 0 with at most 2 decimals and at most $10,000,000.00 ('Sale amount is required',
 * 'Amount must be a positive number').
 */
const positiveAmount = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .superRefine((value, ctx) => {
      const cents = parseCents(value);
      const number = Number(value);
      const message =
        !Number.isFinite(number) || number <= 0
          ? REFERRAL_MESSAGES.amountPositive
          : cents === undefined
            ? MONEY_MESSAGES.invalid
            : cents > MAX_REFERRAL_CENTS
              ? MONEY_MESSAGES.referralTooLarge
              : undefined;
      if (message) ctx.addIssue({ code: 'custom', message });
    });

/** Give Referral's amount: optional (empty is '0'), at most $10,000,000.00. */
const giveAmount = optionalMoneySchema.refine(
  (value) => (parseCents(value) ?? 0) <= MAX_REFERRAL_CENTS,
  MONEY_MESSAGES.referralTooLarge,
);

const customerName = nameText(FIELD_MAX.customerName).optional().nullable();
const notes = longText(FIELD_MAX.paragraph).optional().nullable();
/** The client may send these; the server decides them: new referrals are always pending. */
const ignoredByServer = {
  type: lineText(50).optional(),
  status: lineText(50).optional(),
};
const referralType = z.enum(REFERRAL_TYPES).optional().default('gratitude');

/** POST /api/referrals/give: the signed-in member credits `toMemberId` (the recipient). */
export const giveReferralSchema = z.strictObject({
  toMemberId: memberId(REFERRAL_MESSAGES.chooseRecipient),
  amount: giveAmount,
  customerName,
  saleDate: pastDateSchema(REFERRAL_MESSAGES.dateRequired),
  notes,
  referralType,
  ...ignoredByServer,
});
export type GiveReferralBody = z.input<typeof giveReferralSchema>;

/** POST /api/referrals/transactions: the signed-in member received business from `referrerId`. */
export const reportReferralSchema = z.strictObject({
  referrerId: memberId(REFERRAL_MESSAGES.chooseReferrer),
  amount: positiveAmount(REFERRAL_MESSAGES.saleAmountRequired),
  customerName,
  saleDate: pastDateSchema(REFERRAL_MESSAGES.dateRequired),
  notes,
  referralType,
  ...ignoredByServer,
});
export type ReportReferralBody = z.input<typeof reportReferralSchema>;

/** PATCH /api/referrals/:id: corrections only; a status here is refused with the product's text (docs/product.md, "Referrals"). */
export const editReferralSchema = z
  .object({
    amount: positiveAmount(REFERRAL_MESSAGES.amountRequired),
    customerName,
    saleDate: pastDateSchema(REFERRAL_MESSAGES.saleDateRequired),
    notes,
    status: z.never({ error: REFERRAL_MESSAGES.statusThroughApproval }).optional(),
  })
  .strict();
export type EditReferralBody = z.input<typeof editReferralSchema>;

/** PATCH /api/referrals/:id/status */
export const referralDecisionSchema = z.strictObject({
  status: z.enum(['approved', 'declined'], { error: REFERRAL_MESSAGES.decisionRequired }),
});
export type ReferralDecision = z.infer<typeof referralDecisionSchema>;

/** PUT /api/profile/commission: 0 to 100 with at most one decimal, sent as a string (or a number). */
export const commissionRateSchema = z.strictObject({
  commissionPercent: z
    .union([z.string(), z.number()], { error: REFERRAL_MESSAGES.invalidRate })
    .transform((v) => String(v).trim())
    .refine(isCommissionRate, REFERRAL_MESSAGES.invalidRate),
});

/** `?limit=&cursor=`: the cursor is the opaque `nextCursor` of the page before (keyset on sale date, id). */
export const pageQuerySchema = pageQuery(REFERRAL_PAGE_SIZE, MAX_REFERRAL_PAGE_SIZE);

/** The CSV export: `?direction=given|received&status=`. */
export const referralExportQuerySchema = z.object({
  direction: z.enum(REFERRAL_DIRECTIONS).default('all'),
  status: z.enum(REFERRAL_STATUSES).optional(),
});
export type ReferralExportQuery = z.infer<typeof referralExportQuerySchema>;

/** GET /api/referrals and /api/referrals/transactions: one direction or both, a status, a page. */
export const referralListQuerySchema = referralExportQuerySchema.extend(pageQuerySchema.shape);
export type ReferralListQuery = z.infer<typeof referralListQuerySchema>;
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The change or removal of an approved referral that waits for the other party, if any. */
export const referralProposalSchema = z.object({
  id: z.string(),
  kind: z.enum(REFERRAL_PROPOSAL_KINDS),
  proposedById: z.string().nullable(),
  amount: z.string().nullable(),
  saleDate: z.string().nullable(),
  createdAt: z.string(),
});
export type ReferralProposal = z.infer<typeof referralProposalSchema>;

/** PATCH /api/referrals/proposals/:id */
export const proposalDecisionSchema = z.strictObject({
  decision: z.enum(PROPOSAL_DECISIONS, { error: REFERRAL_MESSAGES.decisionOnProposal }),
});
export type ProposalAnswer = z.infer<typeof proposalDecisionSchema>;

/** A referral as its parties see it, with both parties' names. */
export const referralSchema = z.object({
  id: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  referralType: z.enum(REFERRAL_TYPES),
  amount: z.string(),
  customerName: z.string().nullable(),
  saleDate: z.string(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  referrerId: z.string().nullable(),
  reporterId: z.string().nullable(),
  createdById: z.string().nullable(),
  referrerFirstName: z.string().nullable(),
  referrerLastName: z.string().nullable(),
  referrerBusinessName: z.string().nullable(),
  reporterFirstName: z.string().nullable(),
  reporterLastName: z.string().nullable(),
  reporterBusinessName: z.string().nullable(),
  /** Leadership, when it keyed the referral in from a paper slip on the creator's behalf. */
  enteredBy: enteredBySchema,
  /** A change or removal waiting for an answer; the fields above stay the approved values until then. */
  proposal: referralProposalSchema.nullable(),
});
export type Referral = z.infer<typeof referralSchema>;

/** One page of referrals, newest sale first; `nextCursor` fetches the next (null on the last page). */
export const referralPageSchema = pageSchema(referralSchema);
export type ReferralPage = z.infer<typeof referralPageSchema>;

/** GET /api/referrals/summary: the Referral History card's totals, over all my referrals (not a page). */
export const referralSummarySchema = z.object({
  total: z.number(),
  approved: z.number(),
  receivedRevenue: z.string(),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

/** DELETE /api/referrals/:id of an approved referral: 202 with the removal request the other party answers. */
export const removalRequestedSchema = z.object({ proposal: referralProposalSchema });

/** PATCH /api/referrals/proposals/:id: the referral as it now stands (null once a removal was accepted). */
export const proposalAnsweredSchema = z.object({ referral: referralSchema.nullable() });

/** GET /api/referrals/metrics: my figures, money as decimal strings, computed from approved referrals. */
export const referralMetricsSchema = z.object({
  referralsGiven: z.number(),
  referralsReceived: z.number(),
  revenueReceived: z.string(),
  revenueGiven: z.string(),
  commissionPercent: z.string(),
  commissionEarned: z.string(),
  dues: z.string(),
  roiAmount: z.string(),
  roiPercent: z.number(),
});
export type ReferralMetrics = z.infer<typeof referralMetricsSchema>;

/**
 * GET /api/referrals/metrics?period=: my figures over the period (its months, `from` to `to`, the
 * chapter's calendar) and the same figures for the period before it; all time has no bounds or previous.
 */
export const periodMetricsSchema = referralMetricsSchema.extend({
  period: z.enum(PERIODS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  previous: referralMetricsSchema.nullable(),
});
export type PeriodMetrics = z.infer<typeof periodMetricsSchema>;

/**
 * POST /api/referrals/metrics/batch: the counts of each id, keyed by id; revenue only where
 * `canSeeRevenueOf` allows (the caller's own, or, for NETWORK_ADMIN and above, their chapters' members').
 */
export const batchMetricsSchema = z.record(
  z.string(),
  z.object({
    referralsGiven: z.number(),
    referralsReceived: z.number(),
    revenueReceived: z.string().optional(),
    revenueGiven: z.string().optional(),
  }),
);
export type BatchReferralMetrics = z.infer<typeof batchMetricsSchema>;

/** One line of a referral's history: who did what, and for an edit each field's old and new value. */
export const referralEventSchema = z.object({
  id: z.string(),
  kind: z.enum(REFERRAL_EVENT_KINDS),
  actorName: z.string().nullable(),
  changes: z.array(z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
  createdAt: z.string(),
});
export type ReferralEvent = z.infer<typeof referralEventSchema>;
