import { z } from 'zod';
import { FIELD_MAX, optionalEmail } from '../fields';
import { centsToDecimal, parseCents } from '../money';
import { MAX_MONEY_CENTS } from '../money-schema';
import { PERIODS } from '../periods/periods';
import { ROLES } from '../roles/roles';
import { lineText, longText, nameText, orNull, requiredName } from '../text';

export const ADMIN_MESSAGES = {
  industryNameRequired: 'Industry name is required',
  industryExists: (name: string) => `An industry named "${name}" already exists`,
  industryHeld: (count: number) =>
    `${count} member${count === 1 ? ' is' : 's are'} in this industry. Move them to another industry before deleting it.`,
  industryNotFound: 'Industry not found',
  invalidDues: 'Invalid Value - Please enter a valid positive number for annual dues',
} as const;

/** POST /api/industries and PUT /api/industries/:id */
export const industryInputSchema = z.strictObject({
  name: requiredName(ADMIN_MESSAGES.industryNameRequired, FIELD_MAX.industryName),
  description: orNull(longText(FIELD_MAX.industryDescription)),
});
export type IndustryInput = z.input<typeof industryInputSchema>;

export const industrySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The member holding the seat (the first non-guest by join date), or null when it is open. */
  seatHolder: z.string().nullable(),
  memberCount: z.number(),
});
export type Industry = z.infer<typeof industrySchema>;

/** PUT /api/settings/network/dues: above 0, at most 2 decimals (a number or a decimal string). */
export const duesInputSchema = z.strictObject({
  defaultAnnualDues: z
    .union([z.number(), z.string()], { error: ADMIN_MESSAGES.invalidDues })
    .transform((v) => String(v).trim())
    .refine((v) => {
      const cents = parseCents(v);
      return cents !== undefined && cents > 0 && cents <= MAX_MONEY_CENTS;
    }, ADMIN_MESSAGES.invalidDues)
    // Stored and recorded as the database writes it: "525.50", not "525.5".
    .transform((v) => centsToDecimal(parseCents(v) ?? 0)),
});

/** The missed-meeting limit a chapter's members are held to unless they have their own. */
export const MAX_ATTENDANCE_LIMIT = 52;
export const attendanceLimitInputSchema = z.strictObject({
  missedMeetingLimit: z
    .union([z.number(), z.string()], { error: 'Please enter a whole number of meetings from 1 to 52' })
    .transform((v) => Number(String(v).trim() === '' ? Number.NaN : v))
    .refine(
      (v) => Number.isInteger(v) && v >= 1 && v <= MAX_ATTENDANCE_LIMIT,
      'Please enter a whole number of meetings from 1 to 52',
    ),
});

export const attendanceLimitSchema = z.object({
  /** The chapter's own limit, else the agency's; null when neither is set. */
  missedMeetingLimit: z.number().nullable(),
  /** What absences count against: that, else the built-in 4. */
  effectiveMissedMeetingLimit: z.number(),
});
export type AttendanceLimit = z.infer<typeof attendanceLimitSchema>;

export const networkSettingsSchema = z.object({
  defaultAnnualDues: z.string().nullable(),
  /** What a member's ROI uses when neither they nor the network set dues. */
  effectiveDefaultDues: z.string(),
});

export const duesStatsSchema = z.object({
  members: z.number(),
  withOverride: z.number(),
  withoutOverride: z.number(),
  withOverridePercent: z.number(),
  withoutOverridePercent: z.number(),
});

export const USER_MESSAGES = {
  notFound: 'Member not found',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  invalidEmail: 'Invalid email',
  invalidDuesOverride: 'Dues override must be a number of 0 or more with at most 2 decimals',
  invalidLimit: 'Missed-meeting limit must be a whole number of 0 or more',
} as const;

/** PUT /api/users/:id (an administrator's member edit). */
export const userEditSchema = z.strictObject({
  firstName: requiredName(USER_MESSAGES.firstNameRequired, FIELD_MAX.personName),
  lastName: requiredName(USER_MESSAGES.lastNameRequired, FIELD_MAX.personName),
  businessName: orNull(nameText(FIELD_MAX.businessName)),
  position: orNull(lineText(FIELD_MAX.position)),
  role: z.enum(ROLES),
  industry: orNull(nameText(FIELD_MAX.industryName)),
  personalEmail: optionalEmail(USER_MESSAGES.invalidEmail),
  personalPhone: orNull(lineText(FIELD_MAX.phone)),
  businessEmail: optionalEmail(USER_MESSAGES.invalidEmail),
  businessPhone: orNull(lineText(FIELD_MAX.phone)),
  annualDuesOverride: z
    .union([z.number(), z.string()])
    .nullable()
    .optional()
    .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim()))
    .refine(
      (v) => v === null || ((parseCents(v) ?? -1) >= 0 && (parseCents(v) ?? 0) <= MAX_MONEY_CENTS),
      USER_MESSAGES.invalidDuesOverride,
    )
    .transform((v) => (v === null ? null : centsToDecimal(parseCents(v) ?? 0))),
  missedMeetingLimit: z
    .union([z.number(), z.string()])
    .nullable()
    .optional()
    .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : Number(v)))
    .refine((v) => v === null || (Number.isInteger(v) && v >= 0 && v <= 1000), USER_MESSAGES.invalidLimit),
});
export type UserEdit = z.output<typeof userEditSchema>;

export const USER_SORTS = [
  'name',
  'business',
  'industry',
  'role',
  'attendance',
  'referrals',
  'joined',
] as const;

/** The roster's `cursor` for its last page, whatever the sort (read backwards from the end). */
export const ROSTER_END = 'end';
/** The most pages a roster request steps over past its cursor (the pager's neighbours). */
export const ROSTER_MAX_SKIP = 5;

/**
 * GET /api/users: search, filters, sort and a page of 15. Pages are keyset (docs/decisions/0027):
 * `cursor` is a page's `nextCursor` or `prevCursor` (or `end` for the last page), `skip` steps over that
 * many more pages; `page` alone (no cursor) is the page by number, for an old link.
 */
export const userListQuerySchema = z.object({
  q: lineText(FIELD_MAX.search).default(''),
  role: z.enum(ROLES).optional(),
  industry: nameText(FIELD_MAX.industryName).default(''),
  sort: z.enum(USER_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  cursor: lineText(500).optional(),
  skip: z.coerce.number().int().min(0).max(ROSTER_MAX_SKIP).default(0),
  /** Whose figures the rows show and sort by: all time, or a period's. */
  period: z.enum(PERIODS).default('all'),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  businessName: z.string().nullable(),
  position: z.string().nullable(),
  industry: z.string().nullable(),
  personalEmail: z.string().nullable(),
  personalPhone: z.string().nullable(),
  businessEmail: z.string().nullable(),
  businessPhone: z.string().nullable(),
  annualDuesOverride: z.string().nullable(),
  missedMeetingLimit: z.number().nullable(),
  avatarColor: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.string(),
  referralsGiven: z.number(),
  referralsReceived: z.number(),
  attendanceRate: z.number().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
/** A roster page: its rows, how many match, and the cursors of the pages before and after it. */
export const userPageSchema = z.object({
  items: z.array(adminUserSchema),
  total: z.number(),
  prevCursor: z.string().nullable(),
  nextCursor: z.string().nullable(),
});
export type UserPage = z.infer<typeof userPageSchema>;
