/** Referral statuses and types; the database enums are built from these lists. */
export const REFERRAL_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const REFERRAL_TYPES = ['commission', 'gratitude'] as const;
export type ReferralType = (typeof REFERRAL_TYPES)[number];

/** The labels (docs/product.md, "Referrals"). */
export const REFERRAL_TYPE_LABELS: Record<ReferralType, string> = {
  commission: 'Commission-Based',
  gratitude: 'Gratitude-Based',
};

export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
};

/**
 * What a referral's history records (append-only). Once a referral is approved, a change to its amount
 * or sale date and its removal are proposals the other party answers (two-party
 * integrity), so each proposal's life is in the history too.
 */
export const REFERRAL_EVENT_KINDS = [
  'created',
  'approved',
  'declined',
  'edited',
  'deleted',
  'change_proposed',
  'change_accepted',
  'change_declined',
  'change_withdrawn',
  'removal_requested',
  'removal_accepted',
  'removal_declined',
  'removal_withdrawn',
] as const;
export type ReferralEventKind = (typeof REFERRAL_EVENT_KINDS)[number];

/** A proposal on an approved referral: a new amount and/or sale date, or its removal. */
export const REFERRAL_PROPOSAL_KINDS = ['change', 'removal'] as const;
export type ReferralProposalKind = (typeof REFERRAL_PROPOSAL_KINDS)[number];

export const REFERRAL_PROPOSAL_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type ReferralProposalStatus = (typeof REFERRAL_PROPOSAL_STATUSES)[number];

export const PROPOSAL_DECISIONS = ['accepted', 'declined'] as const;
export type ProposalDecision = (typeof PROPOSAL_DECISIONS)[number];
