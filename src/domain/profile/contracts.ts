import { z } from 'zod';
import { EXPERIENCE_LEVELS } from '../applications/contracts';
import { safeHttpUrl } from '../members/safe-url';
import { canManageIndustries, type Role } from '../roles/roles';
import { lineText, longText } from '../text';

export const PROFILE_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  invalidEmail: 'Invalid email',
  invalidLink: 'Enter a link starting with http:// or https://',
  industryLocked: 'Only network administrators can change your industry. Contact Admin to edit.',
  memberOnly: 'Only members fill in how they heard about us and their motivation',
} as const;

/** Empty strings are stored as null, so "not filled in" has one spelling. */
const optional = <T extends z.ZodType<string | null | undefined>>(schema: T) =>
  schema
    .optional()
    .nullable()
    .transform((v) => (typeof v === 'string' && v.trim() ? v.trim() : null));

const emailOrEmpty = optional(
  z
    .string()
    .trim()
    .max(320)
    .refine((v) => v === '' || z.email().safeParse(v).success, PROFILE_MESSAGES.invalidEmail),
);
const linkOrEmpty = optional(
  z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || safeHttpUrl(v) !== undefined, PROFILE_MESSAGES.invalidLink),
);
const line = (max: number) => optional(lineText(max));
const paragraph = (max: number) => optional(longText(max));

/** PUT /api/profile: the whole form, as the Public Profile tab sends it (unknown keys refused). */
export const profileUpdateSchema = z.strictObject({
  firstName: line(100),
  lastName: line(100),
  position: line(120),
  personalEmail: emailOrEmpty,
  personalPhone: line(40),
  personalBio: paragraph(2000),
  businessName: line(160),
  businessEmail: emailOrEmpty,
  businessPhone: line(40),
  website: linkOrEmpty,
  description: paragraph(2000),
  industry: line(100),
  // The form's empty choice is '' (a native select); it means 'not set'.
  experienceLevel: z.preprocess(
    (v) => (v === '' ? null : v),
    z.enum(EXPERIENCE_LEVELS).nullable().optional(),
  ),
  referralSource: paragraph(500),
  motivation: paragraph(2000),
  linkedin: linkOrEmpty,
  facebook: linkOrEmpty,
  instagram: linkOrEmpty,
  twitter: linkOrEmpty,
  personalEmailVisible: z.boolean(),
  personalPhoneVisible: z.boolean(),
  personalBioVisible: z.boolean(),
  businessEmailVisible: z.boolean(),
  businessPhoneVisible: z.boolean(),
});
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
export type ProfileForm = z.input<typeof profileUpdateSchema>;

/** GET /api/profile: my own profile, every field (the owner sees what they hid). */
export const myProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  slug: z.string(),
  profileImageUrl: z.string().nullable(),
  avatarColor: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  position: z.string().nullable(),
  personalEmail: z.string().nullable(),
  personalPhone: z.string().nullable(),
  personalBio: z.string().nullable(),
  businessName: z.string().nullable(),
  businessEmail: z.string().nullable(),
  businessPhone: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  industry: z.string().nullable(),
  experienceLevel: z.string().nullable(),
  referralSource: z.string().nullable(),
  motivation: z.string().nullable(),
  linkedin: z.string().nullable(),
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  twitter: z.string().nullable(),
  personalEmailVisible: z.boolean(),
  personalPhoneVisible: z.boolean(),
  personalBioVisible: z.boolean(),
  businessEmailVisible: z.boolean(),
  businessPhoneVisible: z.boolean(),
});
export type MyProfile = z.infer<typeof myProfileSchema>;

/** Who may change what on their own profile (the server checks; the web locks the fields). */
export const canEditOwnIndustry = (role: Role) => canManageIndustries(role);
export const hasMemberOnlyFields = (role: Role) => role === 'MEMBER';
/** Names are required once someone is a member: they make the public page and its address. */
export const namesRequired = (role: Role) => role !== 'GUEST';
