// No zod here: the dashboard's first tab reads these as it starts; the schemas load with a form.

/** What the one-to-one screens and the server say. */
export const ONE_TO_ONE_MESSAGES = {
  chooseMember: 'Choose who you met',
  notAMember: 'Choose a current member',
  notSelf: 'You cannot log a one-to-one with yourself',
  dateRequired: 'Date is required',
  futureDate: 'The date cannot be in the future',
  beforeJoined: 'The date cannot be before you both were members',
  modeRequired: 'Choose in person or online',
  placeRequired: 'Say where you met',
  minutesInvalid: 'Enter the minutes, from 5 to 480',
  notFound: 'One-to-one not found',
  notYourToDispute: 'Only the other member can say this one-to-one did not happen',
  notYoursToChange: 'Only the two members can change this one-to-one',
  alreadyDisputed: 'This one-to-one is already marked as not having happened',
  logged: 'One-to-one logged',
  alreadyLogged: 'This one-to-one was already logged: it counts once for you both',
  disputed: 'Marked as not having happened',
  proposalNotFound: 'Proposal not found',
  proposalAnswered: 'This proposal has already been answered or withdrawn',
  notYourProposalToAnswer: 'Only the other member can accept or decline this proposal',
  notYourProposalToWithdraw: 'Only the member who proposed it can withdraw it',
  dateTaken: 'You two already have a one-to-one logged on that date',
  changeProposed: 'Its week is closed: the other member is asked to accept the change',
  removalRequested: 'Its week is closed: the other member is asked to accept the removal',
  proposalWaiting: 'A change to this one-to-one waits for an answer: answer or withdraw it first',
  decisionRequired: 'Choose accepted or declined',
  bookingNotFound: 'Booking not found',
  bookingPast: 'Pick a date and time from now on',
  bookingTimeInvalid: 'Enter the time as HH:MM, for example 07:30',
  notYourBooking: 'Only the member who booked it can change it',
  bookingClosed: 'This booking is no longer open',
  bookingNotYet: 'You can say whether it happened once its time has passed',
  noChapter: 'One of you must belong to a chapter to book a one-to-one',
} as const;

export const ONE_TO_ONE_MODES = ['in_person', 'online'] as const;
export type OneToOneMode = (typeof ONE_TO_ONE_MODES)[number];
export const ONE_TO_ONE_MODE_LABELS: Record<OneToOneMode, string> = {
  in_person: 'In person',
  online: 'Online',
};

/** held counts for both members; disputed (the other said it did not happen) counts for neither, and is kept. */
export const ONE_TO_ONE_STATUSES = ['held', 'disputed'] as const;
export type OneToOneStatus = (typeof ONE_TO_ONE_STATUSES)[number];

export const BOOKING_STATUSES = ['booked', 'cancelled', 'held', 'missed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const MIN_MINUTES = 5;
export const MAX_MINUTES = 480;
/** A booking's length when the booker does not say. */
export const DEFAULT_BOOKING_MINUTES = 60;

/** A page of one-to-ones: 25 by default, at most 100. */
export const ONE_TO_ONE_PAGE_SIZE = 25;
export const MAX_ONE_TO_ONE_PAGE_SIZE = 100;
/** "Who should I meet?" lists at most this many members (a chapter's size). */
export const SUGGESTION_LIMIT = 100;
/** How many of the industries that exchange the most referrals with mine are marked. */
export const TOP_EXCHANGE_INDUSTRIES = 3;
