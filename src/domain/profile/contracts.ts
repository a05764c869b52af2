import { z } from 'zod';
import { EXPERIENCE_LEVELS } from '../applications/contracts';
import { FIELD_MAX, optionalEmail } from '../fields';
import { safeHttpUrl } from '../members/safe-url';
import { canManageIndustries, type Role } from '../roles/roles';
import { lineText, longText, nameText, orNull } from '../text';

export const PROFILE_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  invalidEmail: 'Invalid email',
  invalidLink: 'Enter a link starting with http:// or https://',
  industryLocked: 'Only network administrators can change your industry. Contact Admin to edit.',
  memberOnly: 'Only members fill in how they heard about us and their motivation',
} as const;

const linkOrEmpty = orNull(
  lineText(FIELD_MAX.link).refine(
    (v) => v === '' || safeHttpUrl(v) !== undefined,
    PROFILE_MESSAGES.invalidLink,
  ),
);
const emailOrEmpty = optionalEmail(PROFILE_MESSAGES.invalidEmail);
const name = (max: number) => orNull(nameText(max));
const line = (max: number) => orNull(lineText(max));
const paragraph = (max: number) => orNull(longText(max));

/** PUT /api/profile: the whole form, as the Public Profile tab sends it (unknown keys refused). */
export const profileUpdateSchema = z.strictObject({
  firstName: name(FIELD_MAX.personName),
  lastName: name(FIELD_MAX.personName),
  position: line(FIELD_MAX.position),
  personalEmail: emailOrEmpty,
  personalPhone: line(FIELD_MAX.phone),
  personalBio: paragraph(FIELD_MAX.paragraph),
  businessName: name(FIELD_MAX.businessName),
  businessEmail: emailOrEmpty,
  businessPhone: line(FIELD_MAX.phone),
  website: linkOrEmpty,
  description: paragraph(FIELD_MAX.paragraph),
  idealReferral: paragraph(FIELD_MAX.idealReferral),
  industry: name(FIELD_MAX.industryName),
  // The form's empty choice is '' (a native select); it means 'not set'.
  experienceLevel: z.preprocess(
    (v) => (v === '' ? null : v),
    z.enum(EXPERIENCE_LEVELS).nullable().optional(),
  ),
  referralSource: paragraph(FIELD_MAX.referralSource),
  motivation: paragraph(FIELD_MAX.paragraph),
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
  idealReferral: z.string().nullable(),
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
