// No zod here: the dashboard's first tab reads these as it starts; the schemas load with a form.

/** The product's texts (docs/product.md) and the server's own refusals. */
export const REFERRAL_MESSAGES = {
  chooseRecipient: 'Please select who you are crediting',
  chooseReferrer: 'Please select who referred this to you',
  dateRequired: 'Date is required',
  saleDateRequired: 'Sale date is required',
  futureDate: 'The date cannot be in the future',
  saleAmountRequired: 'Sale amount is required',
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be a positive number',
  statusThroughApproval: 'Status changes must be done through the approval interface',
  decisionRequired: 'Choose approved or declined',
  notFound: 'Referral not found',
  notYours: 'Only the member who did not create this referral can approve or decline it',
  alreadyDecided: 'This referral has already been decided',
  notSelf: 'You cannot record a referral with yourself',
  notAMember: 'Choose a current member',
  invalidRate: 'Invalid Rate - Commission rate must be between 0 and 100.',
  proposalNotFound: 'Proposal not found',
  proposalAnswered: 'This proposal has already been answered or withdrawn',
  notYourProposalToAnswer: 'Only the other member can accept or decline this proposal',
  notYourProposalToWithdraw: 'Only the member who proposed it can withdraw it',
  otherProposalWaiting:
    'The other member proposed a change to this referral: accept or decline it before changing it',
  removalWaiting: 'You asked to remove this referral: withdraw that request before changing it',
  decisionOnProposal: 'Choose accepted or declined',
} as const;

/** A commission rate typed as text: 0 to 100 with at most one decimal. */
export const isCommissionRate = (value: string) => /^\d{1,3}(\.\d)?$/.test(value) && Number(value) <= 100;

export const REFERRAL_DIRECTIONS = ['all', 'given', 'received'] as const;
export type ReferralDirection = (typeof REFERRAL_DIRECTIONS)[number];

/** A page of a referral list: 25 by default, at most 100 (lists never grow with the network). */
export const REFERRAL_PAGE_SIZE = 25;
export const MAX_REFERRAL_PAGE_SIZE = 100;
