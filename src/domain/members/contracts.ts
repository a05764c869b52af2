import { z } from 'zod';
import { chapterSlug } from '../chapters/slug';
import { FIELD_MAX } from '../fields';
import {
  DIRECTORY_PAGE_SIZE,
  MAX_DIRECTORY_PAGE_SIZE,
  MAX_MEMBER_CHOICE_PAGE_SIZE,
  MEMBER_CHOICE_PAGE_SIZE,
} from '../network/constants';
import { pageQuery, pageSchema } from '../paging';
import { lineText, nameText } from '../text';

export { MAX_MEMBER_CHOICE_PAGE_SIZE, MEMBER_CHOICE_PAGE_SIZE } from '../network/constants';

/**
 * A member as the public sees them. Optional keys are absent, not null, when the member hid them or
 * never filled them in, so a hidden email cannot leak through a field that merely reads "null".
 */
export const publicMemberSchema = z.object({
  id: z.string(),
  slug: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  businessName: z.string().nullable(),
  position: z.string().nullable(),
  industry: z.string().nullable(),
  description: z.string().nullable(),
  idealReferral: z.string().optional(),
  experienceLevel: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  avatarColor: z.string().nullable(),
  memberSince: z.string(),
  /** The member's chapter: shown once the agency has more than one. */
  chapter: z.object({ name: z.string(), slug: z.string() }).optional(),
  personalBio: z.string().optional(),
  personalEmail: z.string().optional(),
  personalPhone: z.string().optional(),
  businessEmail: z.string().optional(),
  businessPhone: z.string().optional(),
  contactInfo: z.object({
    website: z.string().optional(),
    linkedin: z.string().optional(),
    facebook: z.string().optional(),
    instagram: z.string().optional(),
    twitter: z.string().optional(),
  }),
});
export type PublicMember = z.infer<typeof publicMemberSchema>;

/** A choice in "who referred you" style pickers (signed-in only). */
export const memberChoiceSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  businessName: z.string().nullable(),
  industry: z.string().nullable(),
  idealReferral: z.string().nullable(),
  /** The member's chapter when it is not the viewer's: referrals cross chapters, so the picker says so. */
  chapterName: z.string().nullable(),
});
export type MemberChoice = z.infer<typeof memberChoiceSchema>;

/**
 * GET /api/members/active?q=&limit=&cursor=: current members A to Z, or those matching the search over
 * name, business, position and industry, a page at a time.
 */
export const memberChoiceQuerySchema = z
  .object({
    q: lineText(FIELD_MAX.search).default(''),
    // Referrals cross chapters, so the picker lists everyone; marking a meeting lists the caller's chapter.
    chapter: z.enum(['mine']).optional(),
  })
  .extend(pageQuery(MEMBER_CHOICE_PAGE_SIZE, MAX_MEMBER_CHOICE_PAGE_SIZE).shape);
export type MemberChoiceQuery = z.infer<typeof memberChoiceQuerySchema>;
export const memberChoicePageSchema = pageSchema(memberChoiceSchema);
export type MemberChoicePage = z.infer<typeof memberChoicePageSchema>;

export const publicIndustrySchema = z.object({ id: z.string(), name: z.string() });
export type PublicIndustry = z.infer<typeof publicIndustrySchema>;

export const networkStatsSchema = z.object({ totalRevenue: z.string() });
export type NetworkStats = z.infer<typeof networkStatsSchema>;

export const publicReferralCountsSchema = z.object({
  referralsGiven: z.number(),
  referralsReceived: z.number(),
});
export type PublicReferralCounts = z.infer<typeof publicReferralCountsSchema>;

/** GET /api/members with any of these answers one page: `{items, total, page, pageSize}`. */
export const directoryQuerySchema = z.object({
  q: lineText(FIELD_MAX.search).default(''),
  industry: nameText(FIELD_MAX.industryName).default(''),
  /** A chapter's slug: only its members. */
  chapter: chapterSlug('Chapter not found', { allowEmpty: true }).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_DIRECTORY_PAGE_SIZE).default(DIRECTORY_PAGE_SIZE),
});
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;

export const directoryPageSchema = z.object({
  items: z.array(publicMemberSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type DirectoryPage = z.infer<typeof directoryPageSchema>;

export const MEMBER_MESSAGES = {
  memberNotFound: 'Member Not Found',
} as const;
