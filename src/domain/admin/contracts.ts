import { z } from 'zod';
import { centsToDecimal, parseCents } from '../money';
import { MAX_MONEY_CENTS } from '../money-schema';
import { longText } from '../text';

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
  name: z
    .string({ error: ADMIN_MESSAGES.industryNameRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.industryNameRequired)
    .max(100),
  description: longText(500)
    .nullable()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null)),
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

export const networkSettingsSchema = z.object({
  defaultAnnualDues: z.string().nullable(),
  /** What a member's ROI uses when neither they nor the network set dues (spec section 9). */
  effectiveDefaultDues: z.string(),
});

export const duesStatsSchema = z.object({
  members: z.number(),
  withOverride: z.number(),
  withoutOverride: z.number(),
  withOverridePercent: z.number(),
  withoutOverridePercent: z.number(),
});
