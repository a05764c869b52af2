import { z } from 'zod';
import { userEditSchema } from '../admin/contracts';
import { addDays } from '../attendance/meeting-day';
import { chapterDateSchema } from '../date-schema';
import { FIELD_MAX, requiredEmail } from '../fields';
import { centsToDecimal, parseCents } from '../money';
import { profileUpdateSchema } from '../profile/contracts';
import { giveReferralSchema } from '../referrals/contracts';
import { longText, orNull, requiredName } from '../text';
import {
  importDate,
  isFormula,
  readAttendanceStatus,
  readReferralStatus,
  readReferralType,
  readRole,
  withScheme,
} from './cells';
import { IMPORT_MESSAGES, type ImportKind } from './contracts';
import { IMPORT_FIELDS } from './fields';

/**
 * One spreadsheet row read into the values the app's own forms accept: the same text, email, money and
 * date rules (so an import never stores what a form would refuse), plus the spreadsheet's spellings.
 * A cell left empty is null: an update keeps what is stored (docs/decisions/0022).
 */

const email = requiredEmail(IMPORT_MESSAGES.emailRequired, IMPORT_MESSAGES.invalidEmail).transform((v) =>
  v.toLowerCase(),
);
const pastDate = chapterDateSchema({ required: IMPORT_MESSAGES.date, future: IMPORT_MESSAGES.futureDate });
const date = z.preprocess((v) => (typeof v === 'string' ? importDate(v.trim()) : v), pastDate);
const optionalDate = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? importDate(v.trim()) : undefined),
  pastDate.optional().transform((v) => v ?? null),
);

/** "$1,250.00" is how spreadsheets show money; the forms take 1250.00. */
const plainMoney = (v: unknown) =>
  typeof v === 'string' ? v.trim().replace(/^\$/, '').replaceAll(',', '') : v;

/** A label read by `read`; empty is null, anything unreadable is `message(cell)`. */
const choice = <T extends string>(read: (cell: string) => T | undefined, message: (cell: string) => string) =>
  z
    .string()
    .optional()
    .transform((cell, ctx) => {
      const trimmed = cell?.trim() ?? '';
      if (trimmed === '') return null;
      const value = read(trimmed);
      if (value === undefined) ctx.addIssue({ code: 'custom', message: message(trimmed) });
      return value ?? null;
    });

const edit = userEditSchema.shape;

export const memberRowSchema = z.object({
  email,
  firstName: edit.firstName,
  lastName: edit.lastName,
  businessName: edit.businessName,
  industry: edit.industry,
  phone: edit.businessPhone,
  website: z.preprocess(
    (v) => (typeof v === 'string' ? withScheme(v.trim()) : v),
    profileUpdateSchema.shape.website,
  ),
  role: choice(readRole, IMPORT_MESSAGES.unknownRole),
  memberSince: optionalDate,
  duesOverride: z.preprocess(plainMoney, edit.annualDuesOverride),
});
export type MemberRow = z.output<typeof memberRowSchema>;

const STATUS_NAMES = {
  referral: 'Pending, Approved or Declined',
  attendance: 'Present, Absent, Late, Excused (Medical) or Substitute',
};

export const referralRowSchema = z.object({
  referrerEmail: email,
  recipientEmail: email,
  amount: z
    .preprocess(plainMoney, giveReferralSchema.shape.amount)
    .transform((v) => centsToDecimal(parseCents(v) ?? 0)),
  date,
  // History is mostly settled business: a row without a status counts as approved.
  status: choice(readReferralStatus, (cell) =>
    IMPORT_MESSAGES.unknownStatus(cell, STATUS_NAMES.referral),
  ).transform((v) => v ?? 'approved'),
  type: choice(readReferralType, IMPORT_MESSAGES.unknownType).transform((v) => v ?? 'gratitude'),
  customerName: giveReferralSchema.shape.customerName.transform((v) => v || null),
  notes: orNull(longText(FIELD_MAX.paragraph)),
});
export type ReferralRow = z.output<typeof referralRowSchema>;

export const attendanceRowSchema = z.object({
  email,
  date,
  // A sign-in sheet lists who came: a row without a status is a member who was there.
  status: choice(readAttendanceStatus, (cell) =>
    IMPORT_MESSAGES.unknownStatus(cell, STATUS_NAMES.attendance),
  ).transform((v) => v ?? 'present'),
  notes: orNull(longText(FIELD_MAX.attendanceNotes)),
});
export type AttendanceRow = z.output<typeof attendanceRowSchema>;

/** A PALMS count: empty is 0. */
const count = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
  z.coerce
    .number({ error: IMPORT_MESSAGES.count })
    .int(IMPORT_MESSAGES.count)
    .min(0, IMPORT_MESSAGES.count)
    .max(100_000, IMPORT_MESSAGES.count)
    .default(0),
);

/** The PALMS letters, in their order, and the status each is recorded as. */
export const PALMS_STATUSES = {
  P: 'present',
  A: 'absent',
  L: 'late',
  M: 'excused',
  S: 'substitute',
} as const;

/** A row covering seven days or fewer is one week: its P, A, L, M or S is its meeting's record. */
export const isOneWeek = (from: string | null, to: string) => from === null || addDays(from, 6) >= to;

export const palmsRowSchema = z
  .object({
    firstName: requiredName(IMPORT_MESSAGES.nameRequired, FIELD_MAX.personName),
    lastName: requiredName(IMPORT_MESSAGES.nameRequired, FIELD_MAX.personName),
    email: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), email.optional()),
    periodEnd: date,
    periodStart: optionalDate,
    P: count,
    A: count,
    L: count,
    M: count,
    S: count,
    givenInside: count,
    givenOutside: count,
    receivedInside: count,
    receivedOutside: count,
    visitors: count,
    oneToOnes: count,
    closedBusiness: z
      .preprocess(
        (v) => (typeof v === 'string' && v.trim() === '' ? '0' : plainMoney(v)),
        giveReferralSchema.shape.amount,
      )
      .transform((v) => centsToDecimal(parseCents(v) ?? 0)),
    educationUnits: count,
    testimonials: count,
  })
  .superRefine((row, ctx) => {
    if (row.periodStart && row.periodStart > row.periodEnd)
      ctx.addIssue({ code: 'custom', path: ['periodStart'], message: IMPORT_MESSAGES.periodOrder });
    if (isOneWeek(row.periodStart, row.periodEnd) && row.P + row.A + row.L + row.M + row.S > 1)
      ctx.addIssue({ code: 'custom', path: ['P'], message: IMPORT_MESSAGES.oneMeetingAWeek });
  });
export type PalmsRow = z.output<typeof palmsRowSchema>;

const ROW_SCHEMAS = {
  members: memberRowSchema,
  referrals: referralRowSchema,
  attendance: attendanceRowSchema,
  palms: palmsRowSchema,
};
export type ImportRow<K extends ImportKind> = z.output<(typeof ROW_SCHEMAS)[K]>;

/** The row's cells by field key: only mapped fields, each trimmed by its schema. */
export type RowCells = Record<string, string>;

/**
 * Reads one row: its value when every field passes, and each problem as "Field: message" (a formula
 * is refused before any rule reads it).
 */
export function readRow<K extends ImportKind>(
  kind: K,
  cells: RowCells,
): { value?: ImportRow<K>; errors: string[] } {
  const labels = new Map(IMPORT_FIELDS[kind].map((f) => [f.key, f.label]));
  const formulas = Object.entries(cells)
    .filter(([, cell]) => isFormula(cell))
    .map(([key]) => IMPORT_MESSAGES.formula(labels.get(key) ?? key));
  if (formulas.length > 0) return { errors: formulas };
  const parsed = ROW_SCHEMAS[kind].safeParse(cells);
  if (parsed.success) return { value: parsed.data as ImportRow<K>, errors: [] };
  return {
    errors: parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '');
      return `${labels.get(key) ?? key}: ${issue.message}`;
    }),
  };
}
