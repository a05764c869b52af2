import { hasRole, type Role } from '../roles/roles';

/** Application statuses and the rules about them; no zod here, so public pages can use them cheaply. */
export const APPLICATION_STATUSES = ['pending', 'under_review', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  under_review: 'Under Review',
  approved: 'Approved',
  rejected: 'Rejected',
};

/**
 * Quick-action notes (spec section 4). Approve and reject speak to the applicant; Leadership's
 * recommendation is an internal note, because the applicant still reads 'Under Review'.
 */
export const QUICK_ACTION_NOTES = {
  approve: 'Application approved for membership',
  reject: 'Application does not meet current membership criteria',
  recommend: 'Recommended for approval',
} as const;

/** Who a review note is for: the applicant (and reviewers), or reviewers only. */
export const REVIEW_NOTE_AUDIENCES = ['applicant', 'internal'] as const;
export type ReviewNoteAudience = (typeof REVIEW_NOTE_AUDIENCES)[number];

/** LEADERSHIP may recommend (under_review) or return to pending; admins decide. */
export function settableStatuses(role: Role | null | undefined): readonly ApplicationStatus[] {
  if (hasRole(role, 'NETWORK_ADMIN')) return APPLICATION_STATUSES;
  if (hasRole(role, 'LEADERSHIP')) return ['pending', 'under_review'];
  return [];
}

export const isOpenStatus = (status: ApplicationStatus) => status === 'pending' || status === 'under_review';

/**
 * Whether the application form is for this person: a visitor (asked to sign in on submit) or a GUEST
 * with no application or only a rejected one. Members, and guests whose application is open, see their
 * status instead.
 */
export function canApply(user: { role: Role; applicationStatus: ApplicationStatus | null } | null): boolean {
  if (!user) return true;
  return user.role === 'GUEST' && (user.applicationStatus === null || user.applicationStatus === 'rejected');
}

/** Whether this reviewer can still change anything on an application: decided ones are final. */
export const canChangeStatus = (role: Role | null | undefined, status: ApplicationStatus) =>
  isOpenStatus(status) && settableStatuses(role).length > 0;
