/** Referral statuses and types (spec section 4); the database enums are built from these lists. */
export const REFERRAL_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const REFERRAL_TYPES = ['commission', 'gratitude'] as const;
export type ReferralType = (typeof REFERRAL_TYPES)[number];
