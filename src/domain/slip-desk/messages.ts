// No zod here: the desk's grid reads these as it draws; the schemas load with the save.

/** The kinds of paper slip the desk takes, in the order the grid offers them. */
export const SLIP_KINDS = [
  'referral',
  'closed_business',
  'one_to_one',
  'ceu',
  'visitor',
  'testimonial',
] as const;
export type SlipKind = (typeof SLIP_KINDS)[number];

export const SLIP_KIND_LABELS: Record<SlipKind, string> = {
  referral: 'Referral given',
  closed_business: 'Closed business',
  one_to_one: 'One-to-one',
  ceu: 'CEU',
  visitor: 'Visitor',
  testimonial: 'Testimonial',
};

/** No slip of any kind yet: where the desk's running count and a save's answer start. */
export const noSlipCounts = () =>
  Object.fromEntries(SLIP_KINDS.map((kind) => [kind, 0])) as Record<SlipKind, number>;

/**
 * Which columns a kind reads. "To" is the other member: who got the referral, who referred the business being
 * thanked for, who was met, who the testimonial is for. A visitor's name goes in "Customer / visitor"; a CEU's
 * and a testimonial's text in "Note".
 */
export const SLIP_COLUMNS: Record<SlipKind, { to: boolean; amount: boolean; customer: boolean }> = {
  referral: { to: true, amount: true, customer: true },
  closed_business: { to: true, amount: true, customer: true },
  one_to_one: { to: true, amount: false, customer: false },
  ceu: { to: false, amount: false, customer: false },
  visitor: { to: false, amount: false, customer: true },
  testimonial: { to: true, amount: false, customer: false },
};

/** At most this many slips in one save: a week's paper slips of a large chapter fit many times over. */
export const MAX_SLIPS_PER_BATCH = 200;

/** What the desk and the server say. */
export const SLIP_DESK_MESSAGES = {
  kindRequired: 'Choose the kind of slip',
  fromRequired: 'Choose the member the slip is from',
  toRequired: 'Choose the other member',
  notSelf: 'A slip is between two different members',
  notInChapter: 'Choose a current member of this chapter',
  amountRequired: 'Enter the amount of the closed business',
  visitorRequired: "Enter the visitor's name",
  visitorNotFound: 'No visitor of this name was checked in at this meeting',
  visitorAmbiguous: 'Two visitors of this name were checked in: correct the credit in the Visitors tab',
  ceuRequired: 'Say what the CEU was',
  testimonialRequired: 'Write the testimonial in the note',
  noSlips: 'Add at least one slip',
  tooMany: `At most ${MAX_SLIPS_PER_BATCH} slips in one save`,
  batchKeyRequired: 'The save needs its batch key',
  notThisWeek: 'The desk takes the slips of the open week, or of the week just closed',
  saved: 'Slips saved',
  settingChanged: "The chapter's setting is saved",
} as const;

export { enteredByLine } from '../members/entered-by';
