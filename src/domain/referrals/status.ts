/** Referral statuses and types (spec section 4); the database enums are built from these lists. */
export const REFERRAL_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const REFERRAL_TYPES = ['commission', 'gratitude'] as const;
export type ReferralType = (typeof REFERRAL_TYPES)[number];

/** The spec's labels (section 4). */
export const REFERRAL_TYPE_LABELS: Record<ReferralType, string> = {
  commission: 'Commission-Based',
  gratitude: 'Gratitude-Based',
};

export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
};

/** What a referral's history records (append-only). */
export const REFERRAL_EVENT_KINDS = ['created', 'approved', 'declined', 'edited', 'deleted'] as const;
export type ReferralEventKind = (typeof REFERRAL_EVENT_KINDS)[number];
