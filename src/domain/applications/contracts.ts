import { z } from 'zod';
import { hasRole, type Role } from '../roles/roles';

export const APPLICATION_STATUSES = ['pending', 'under_review', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  under_review: 'Under Review',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const EXPERIENCE_LEVELS = ['1-2', '3-5', '6-10', '11-15', '16+'] as const;
export const experienceLabel = (level: string) => `${level} years`;

/** Quick-action notes from spec section 4. */
export const QUICK_ACTION_NOTES = {
  approve: 'Application approved for membership',
  reject: 'Application does not meet current membership criteria',
} as const;

export const APPLICATION_MESSAGES = {
  alreadySubmitted: 'You have already submitted an application. It is still being reviewed.',
  alreadyMember: 'You are already a member of the network.',
  notFound: 'Application not found',
  statusRequired: 'Status Required - Please select a status for the application.',
  onlyAdminsDecide: 'Only network administrators can approve or reject an application.',
  alreadyDecided: 'This application has already been decided.',
} as const;

const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(2000);
const requiredEmail = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(320).pipe(z.email('Invalid email address'));

/** POST /api/applications: the spec's submit payload (section 3). */
export const applicationPayloadSchema = z.strictObject({
  firstName: required('First name is required').max(100),
  lastName: required('Last name is required').max(100),
  email: requiredEmail('Email is required'),
  businessEmail: requiredEmail('Business email is required'),
  phone: required('Phone number is required').max(40),
  companyName: required('Company name is required').max(200),
  position: required('Job title is required').max(200),
  industry: required('Industry is required').max(100),
  businessDescription: required('Business description is required'),
  motivation: required('Networking goals are required'),
  experienceLevel: z.enum(EXPERIENCE_LEVELS, { error: 'Years of experience is required' }),
  referralSource: z.string().trim().max(1000).nullable().optional(),
});
export type ApplicationPayload = z.infer<typeof applicationPayloadSchema>;

/** The /apply form's own fields (spec section 3), validated with the same messages. */
export const OTHER_INDUSTRY = 'Other';
export const applicationFormSchema = z
  .object({
    firstname: required('First name is required').max(100),
    lastname: required('Last name is required').max(100),
    email: requiredEmail('Email is required'),
    sameAsAbove: z.boolean(),
    businessEmail: z.string().trim(),
    phone: required('Phone number is required').max(40),
    company: required('Company name is required').max(200),
    title: required('Job title is required').max(200),
    industry: required('Industry is required').max(100),
    customIndustry: z.string().trim().max(100),
    experience: z.string().refine((v) => (EXPERIENCE_LEVELS as readonly string[]).includes(v), {
      message: 'Years of experience is required',
    }),
    businessDescription: required('Business description is required'),
    networkingGoals: required('Networking goals are required'),
    reference1: z.string().trim().max(500),
    reference2: z.string().trim().max(500),
    terms: z.boolean(),
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
  };
}

export const statusUpdateSchema = z.strictObject({
  status: z.enum(APPLICATION_STATUSES, { error: APPLICATION_MESSAGES.statusRequired }),
  reviewNotes: z.string().trim().max(2000).nullable().optional(),
});
export type StatusUpdate = z.infer<typeof statusUpdateSchema>;

/** LEADERSHIP may recommend (under_review) or return to pending; admins decide. */
export function settableStatuses(role: Role | null | undefined): readonly ApplicationStatus[] {
  if (hasRole(role, 'NETWORK_ADMIN')) return APPLICATION_STATUSES;
  if (hasRole(role, 'LEADERSHIP')) return ['pending', 'under_review'];
  return [];
}

export const isOpenStatus = (status: ApplicationStatus) => status === 'pending' || status === 'under_review';

export interface ApplicationFull {
  view: 'full';
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  businessEmail: string | null;
  phone: string;
  companyName: string;
  position: string;
  industry: string;
  businessDescription: string;
  motivation: string;
  referralSource: string | null;
  experienceLevel: string;
  status: ApplicationStatus;
  submittedAt: string;
  reviewedAt: string | null;
  reviewNotes: string | null;
  /** For reviewers: the member already holding this industry's seat, if any. */
  seatHolder?: string | null;
}

/** What a signed-in user who is neither the applicant nor a reviewer may see. */
export interface ApplicationSummary {
  view: 'summary';
  id: string;
  firstName: string;
  lastName: string;
  status: ApplicationStatus;
  submittedAt: string;
  reviewedAt: string | null;
  reviewNotes: string | null;
}

export type ApplicationView = ApplicationFull | ApplicationSummary;

export interface StatusUpdateResult {
  application: ApplicationFull;
  /** Set when approval filled a seat that another member already holds. */
  warning?: string;
}
