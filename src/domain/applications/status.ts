/** Application statuses, labels and note audiences; no zod here, so public pages can use them cheaply. */
export const APPLICATION_STATUSES = ['pending', 'under_review', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  under_review: 'Under Review',
  approved: 'Approved',
  rejected: 'Rejected',
};

/**
 * Quick-action notes. Approve and reject speak to the applicant; Leadership's
 * recommendation is an internal note, because the applicant still reads 'Under Review'.
 */
export const QUICK_ACTION_NOTES = {
  approve: 'Application approved for membership',
  reject: 'Application does not meet current membership criteria',
  recommend: 'Recommended for approval',
  recommendReject: 'Recommended for rejection: does not meet current membership criteria',
} as const;

/** Who a review note is for: the applicant (and reviewers), or reviewers only. */
export const REVIEW_NOTE_AUDIENCES = ['applicant', 'internal'] as const;
export type ReviewNoteAudience = (typeof REVIEW_NOTE_AUDIENCES)[number];
