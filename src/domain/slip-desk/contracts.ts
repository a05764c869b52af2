import { z } from 'zod';
import { FIELD_MAX } from '../fields';
import { parseCents } from '../money';
import { MAX_REFERRAL_CENTS, MONEY_MESSAGES } from '../money-schema';
import { lineText, longText, nameText } from '../text';
import { SLIP_DESK_MESSAGES as M, MAX_SLIPS_PER_BATCH, SLIP_COLUMNS, SLIP_KINDS } from './messages';

export * from './messages';

/** Held to the one text rule like every typed field; whether it names a member is checked below. */
const optionalId = lineText(64).optional().nullable();

/**
 * One slip as the grid sends it. Every column is optional in its shape; which are required follows from the
 * kind, checked below, so a refusal names the row and the field (`rows.3.toMemberId`).
 */
export const slipRowSchema = z
  .strictObject({
    kind: z.enum(SLIP_KINDS, { error: M.kindRequired }),
    fromMemberId: optionalId,
    toMemberId: optionalId,
    amount: lineText(32).optional().nullable(),
    customer: nameText(FIELD_MAX.customerName).optional().nullable(),
    note: longText(FIELD_MAX.paragraph).optional().nullable(),
  })
  .superRefine((row, ctx) => {
    const columns = SLIP_COLUMNS[row.kind];
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const isId = (value: string | null | undefined) => !!value && z.uuid().safeParse(value).success;
    if (!row.fromMemberId) issue('fromMemberId', M.fromRequired);
    else if (!isId(row.fromMemberId)) issue('fromMemberId', M.notInChapter);
    if (columns.to) {
      if (!row.toMemberId) issue('toMemberId', M.toRequired);
      else if (!isId(row.toMemberId)) issue('toMemberId', M.notInChapter);
      else if (row.toMemberId === row.fromMemberId) issue('toMemberId', M.notSelf);
    }
    if (columns.amount && (row.amount || row.kind === 'closed_business')) {
      const cents = parseCents(row.amount ?? '');
      if (!row.amount) issue('amount', M.amountRequired);
      else if (cents === undefined) issue('amount', MONEY_MESSAGES.invalid);
      else if (cents > MAX_REFERRAL_CENTS) issue('amount', MONEY_MESSAGES.referralTooLarge);
      else if (cents <= 0 && row.kind === 'closed_business') issue('amount', M.amountRequired);
    }
    if (row.kind === 'visitor' && !row.customer) issue('customer', M.visitorRequired);
    if (row.kind === 'ceu' && !row.note) issue('note', M.ceuRequired);
    if (row.kind === 'testimonial' && !row.note) issue('note', M.testimonialRequired);
  });
export type SlipRow = z.output<typeof slipRowSchema>;
export type SlipRowInput = z.input<typeof slipRowSchema>;

/** POST /api/meetings/:id/slips: one save of the desk, idempotent on its batch key. */
export const slipBatchSchema = z.strictObject({
  batchKey: z.uuid({ error: M.batchKeyRequired }),
  rows: z.array(slipRowSchema, { error: M.noSlips }).min(1, M.noSlips).max(MAX_SLIPS_PER_BATCH, M.tooMany),
});
export type SlipBatchInput = z.input<typeof slipBatchSchema>;

const kindCounts = z.object(
  Object.fromEntries(SLIP_KINDS.map((k) => [k, z.number()])) as Record<
    (typeof SLIP_KINDS)[number],
    z.ZodNumber
  >,
);
export type SlipKindCounts = z.infer<typeof kindCounts>;

/** The save's answer; a retry of the same batch answers the first save's counts, `created: false`. */
export const slipBatchSavedSchema = z.object({
  created: z.boolean(),
  /** Slips that became a record, per kind (a one-to-one or a visitor's credit already there is not counted). */
  counts: kindCounts,
  /** Slips that found their record there already. */
  alreadyThere: z.number(),
});
export type SlipBatchSaved = z.infer<typeof slipBatchSavedSchema>;

/** GET /api/meetings/:id/slips: what the desk needs to draw. */
export const slipDeskSchema = z.object({
  meeting: z.object({ id: z.string(), meetingDate: z.string(), state: z.string(), chapterName: z.string() }),
  members: z.array(z.object({ id: z.string(), name: z.string(), businessName: z.string().nullable() })),
  /** The meeting's checked-in visitors, for the visitor slips' names. */
  visitors: z.array(z.object({ name: z.string(), creditedTo: z.string().nullable() })),
  /** Whether a referral entered here stands for both members (approved at once). */
  entryStands: z.boolean(),
  /** Whether the signed-in user may change that setting (administrators). */
  canChangeSetting: z.boolean(),
});
export type SlipDesk = z.infer<typeof slipDeskSchema>;

/** PUT /api/slips-desk/setting */
export const deskSettingSchema = z.strictObject({ entryStands: z.boolean({ error: 'Say on or off' }) });
export type DeskSetting = z.infer<typeof deskSettingSchema>;
