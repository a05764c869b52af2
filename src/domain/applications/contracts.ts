import { z } from 'zod';

export * from './policy';
export * from './status';

import { chapterSlug } from '../chapters/slug';
import { FIELD_MAX, requiredEmail } from '../fields';
import { lineText, longText, nameText, requiredLine, requiredLongText, requiredName } from '../text';
import { APPLICATION_STATUSES, REVIEW_NOTE_AUDIENCES } from './status';

export const EXPERIENCE_LEVELS = ['1-2', '3-5', '6-10', '11-15', '16+'] as const;
export const experienceLabel = (level: string) => `${level} years`;

export const reviewNoteSchema = z.object({
  id: z.string(),
  audience: z.enum(REVIEW_NOTE_AUDIENCES),
  note: z.string(),
  /** The status the application was given with this note. */
  status: z.enum(APPLICATION_STATUSES),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type ReviewNote = z.infer<typeof reviewNoteSchema>;

export const APPLICATION_MESSAGES = {
  alreadySubmitted: 'You have already submitted an application. It is still being reviewed.',
  alreadyMember: 'You are already a member of the network.',
  chapterRequired: 'Choose the chapter you are applying to',
  notFound: 'Application not found',
  statusRequired: 'Status Required - Please select a status for the application.',
  onlyAdminsDecide: 'Only network administrators can approve or reject an application.',
  alreadyDecided: 'This application has already been decided.',
} as const;

const INVALID_EMAIL = 'Invalid email address';
const email = (required: string) => requiredEmail(required, INVALID_EMAIL);

/** POST /api/applications: the submit payload (docs/product.md, "Applications"). */
export const applicationPayloadSchema = z.strictObject({
  firstName: requiredName('First name is required', FIELD_MAX.personName),
  lastName: requiredName('Last name is required', FIELD_MAX.personName),
  email: email('Email is required'),
  businessEmail: email('Business email is required'),
  phone: requiredLine('Phone number is required', FIELD_MAX.phone),
  companyName: requiredName('Company name is required', FIELD_MAX.businessName),
  position: requiredLine('Job title is required', FIELD_MAX.position),
  industry: requiredName('Industry is required', FIELD_MAX.industryName),
  businessDescription: requiredLongText('Business description is required', FIELD_MAX.paragraph),
  motivation: requiredLongText('Networking goals are required', FIELD_MAX.paragraph),
  experienceLevel: z.enum(EXPERIENCE_LEVELS, { error: 'Years of experience is required' }),
  referralSource: longText(FIELD_MAX.referralSource).nullable().optional(),
  /** The chapter applied to, by slug, when the agency has several; else the applicant's own. */
  chapter: chapterSlug('Choose the chapter you are applying to').optional(),
  /** The "Apply" link's token from a visitor's thank-you email: the application links to their visit. */
  visitToken: lineText(200).optional(),
});
export type ApplicationPayload = z.infer<typeof applicationPayloadSchema>;

/** The /apply form's own fields, validated with the same messages. */
export const OTHER_INDUSTRY = 'Other';
export const applicationFormSchema = z
  .object({
    firstname: requiredName('First name is required', FIELD_MAX.personName),
    lastname: requiredName('Last name is required', FIELD_MAX.personName),
    email: email('Email is required'),
    sameAsAbove: z.boolean(),
    businessEmail: lineText(FIELD_MAX.email),
    phone: requiredLine('Phone number is required', FIELD_MAX.phone),
    company: requiredName('Company name is required', FIELD_MAX.businessName),
    title: requiredLine('Job title is required', FIELD_MAX.position),
    industry: requiredName('Industry is required', FIELD_MAX.industryName),
    customIndustry: nameText(FIELD_MAX.industryName),
    experience: z.string().refine((v) => (EXPERIENCE_LEVELS as readonly string[]).includes(v), {
      message: 'Years of experience is required',
    }),
    businessDescription: requiredLongText('Business description is required', FIELD_MAX.paragraph),
    networkingGoals: requiredLongText('Networking goals are required', FIELD_MAX.paragraph),
    reference1: lineText(FIELD_MAX.reference),
    reference2: lineText(FIELD_MAX.reference),
    terms: z.boolean(),
    /** The chapter's slug; asked only when the agency has several. */
    chapter: z.string().optional(),
    /** Carried from the visitor's "Apply" link, never shown. */
    visitToken: z.string().optional(),
  })
  .superRefine((form, ctx) => {
    if (!form.sameAsAbove) {
      const check = z.email().safeParse(form.businessEmail);
      if (!form.businessEmail)
        ctx.addIssue({ code: 'custom', path: ['businessEmail'], message: 'Business email is required' });
      else if (!check.success)
        ctx.addIssue({ code: 'custom', path: ['businessEmail'], message: 'Invalid email address' });
    }
    if (form.industry === OTHER_INDUSTRY && !form.customIndustry) {
      ctx.addIssue({ code: 'custom', path: ['customIndustry'], message: 'Please specify your industry' });
    }
  });
export type ApplicationForm = z.infer<typeof applicationFormSchema>;

/** Form state to submit payload: custom industry for 'Other', references joined by '; ', else null. */
export function toApplicationPayload(form: ApplicationForm): ApplicationPayload {
  const references = [form.reference1, form.reference2].map((r) => r.trim()).filter(Boolean);
  return {
    firstName: form.firstname.trim(),
    lastName: form.lastname.trim(),
    email: form.email.trim(),
    businessEmail: (form.sameAsAbove ? form.email : form.businessEmail).trim(),
    phone: form.phone.trim(),
    companyName: form.company.trim(),
    position: form.title.trim(),
    industry: (form.industry === OTHER_INDUSTRY ? form.customIndustry : form.industry).trim(),
    businessDescription: form.businessDescription.trim(),
    motivation: form.networkingGoals.trim(),
    experienceLevel: form.experience as ApplicationPayload['experienceLevel'],
    referralSource: references.length ? references.join('; ') : null,
    ...(form.chapter ? { chapter: form.chapter } : {}),
    ...(form.visitToken ? { visitToken: form.visitToken } : {}),
  };
}

/** PUT /api/applications/:id/status: `reviewNotes` is for the applicant, `internalNotes` for reviewers only. */
export const statusUpdateSchema = z.strictObject({
  status: z.enum(APPLICATION_STATUSES, { error: APPLICATION_MESSAGES.statusRequired }),
  reviewNotes: longText(FIELD_MAX.paragraph).nullable().optional(),
  internalNotes: longText(FIELD_MAX.paragraph).nullable().optional(),
});
export type StatusUpdate = z.infer<typeof statusUpdateSchema>;

/**
 * Response schemas are output allowlists: the server answers through them, so a column that is not
 * named here (a password hash, a new private field) is stripped instead of leaking.
 */
export const applicationFullSchema = z.object({
  view: z.literal('full'),
  id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  businessEmail: z.string().nullable(),
  phone: z.string(),
  companyName: z.string(),
  position: z.string(),
  industry: z.string(),
  businessDescription: z.string(),
  motivation: z.string(),
  referralSource: z.string().nullable(),
  experienceLevel: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** Who last set the status, for reviewers and the applicant. */
  reviewedBy: z.string().nullable(),
  /** The newest note written for the applicant (the original tool's field), or null. */
  reviewNotes: z.string().nullable(),
  /** Every note this viewer may read, oldest first: reviewers see internal ones too. */
  notes: z.array(reviewNoteSchema),
  /** For reviewers: the member already holding this industry's seat, if any. */
  seatHolder: z.string().nullable().optional(),
});
export type ApplicationFull = z.infer<typeof applicationFullSchema>;

/** What a signed-in user who is neither the applicant nor a reviewer may see. */
export const applicationSummarySchema = z.object({
  view: z.literal('summary'),
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewNotes: z.string().nullable(),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;

export const applicationViewSchema = z.discriminatedUnion('view', [
  applicationFullSchema,
  applicationSummarySchema,
]);
export type ApplicationView = z.infer<typeof applicationViewSchema>;

/** A decided application in the reviewers' list: a compact row. */
export const applicationRowSummarySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type ApplicationRowSummary = z.infer<typeof applicationRowSummarySchema>;

export const DECIDED_PAGE_SIZE = 20;

/** GET /api/applications: every open application, then one page of decided ones. */
export const reviewerApplicationListSchema = z.object({
  open: z.array(applicationFullSchema),
  decided: z.array(applicationRowSummarySchema),
  decidedTotal: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ReviewerApplicationList = z.infer<typeof reviewerApplicationListSchema>;

export const reviewerListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const statusUpdateResultSchema = z.object({
  application: applicationFullSchema,
  /** Set when approval filled a seat that another member already holds. */
  warning: z.string().optional(),
});
export type StatusUpdateResult = z.infer<typeof statusUpdateResultSchema>;
