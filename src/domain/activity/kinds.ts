/** The colours a Recent Activity item may carry. */
export const ACTIVITY_COLORS = ['green', 'blue', 'other'] as const;
export type ActivityColor = (typeof ACTIVITY_COLORS)[number];

/**
 * Every kind of Recent Activity entry, with its colour: green for good news (money in, approval),
 * blue for things you did or that are in progress, other for setbacks. Writers name a kind; the colour
 * follows from it, so one event always looks the same.
 */
export const ACTIVITY_KINDS = {
  application_submitted: { color: 'blue' },
  application_recommended: { color: 'blue' },
  application_approved: { color: 'green' },
  application_rejected: { color: 'other' },
  application_reopened: { color: 'blue' },
  referral_given: { color: 'blue' },
  referral_received: { color: 'green' },
  referral_approved: { color: 'green' },
  referral_declined: { color: 'other' },
  referral_edited: { color: 'blue' },
  referral_deleted: { color: 'other' },
  referral_proposal: { color: 'blue' },
  attendance: { color: 'blue' },
  attendance_absent: { color: 'other' },
  attendance_limit: { color: 'other' },
  profile_updated: { color: 'blue' },
} as const satisfies Record<string, { color: ActivityColor }>;

export type ActivityKind = keyof typeof ACTIVITY_KINDS;

export const activityColor = (kind: ActivityKind): ActivityColor => ACTIVITY_KINDS[kind].color;
