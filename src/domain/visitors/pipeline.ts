import type { VisitorStage } from './status';

/** Why a visitor's stage moved: the automatic moves, and leadership's own hand. */
export const STAGE_CAUSES = [
  'invitation',
  'registration',
  'walk_in',
  'check_in',
  'follow_up',
  'application',
  'approval',
  'leadership',
] as const;
export type StageCause = (typeof STAGE_CAUSES)[number];

/** What a visitor host records of their call. */
export const FOLLOW_UP_OUTCOMES = ['reached', 'left_message', 'not_interested', 'wants_to_apply'] as const;
export type FollowUpOutcome = (typeof FOLLOW_UP_OUTCOMES)[number];

export const FOLLOW_UP_OUTCOME_LABELS: Record<FollowUpOutcome, string> = {
  reached: 'Reached',
  left_message: 'Left a message',
  not_interested: 'Not interested',
  wants_to_apply: 'Wants to apply',
};

export const VISITOR_STAGE_LABELS: Record<VisitorStage, string> = {
  invited: 'Invited',
  registered: 'Registered',
  attended: 'Attended',
  followed_up: 'Followed up',
  applied: 'Applied',
  member: 'Member',
  not_a_fit: 'Not a fit',
};

export const STAGE_CAUSE_LABELS: Record<StageCause, string> = {
  invitation: 'Invited by a member',
  registration: 'Registered for a meeting',
  walk_in: 'Walked in at the door',
  check_in: 'Checked in at the meeting',
  follow_up: 'Follow-up call recorded',
  application: 'Applied for membership',
  approval: 'Application approved',
  leadership: 'Set by leadership',
};

/** A visitor host calls within this many business days of the meeting. */
export const FOLLOW_UP_BUSINESS_DAYS = 2;

/** An overdue call is reminded once a day, this many times, then goes to the chapter's president. */
export const FOLLOW_UP_REMINDERS = 3;
