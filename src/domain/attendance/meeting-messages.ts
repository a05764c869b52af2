/** Meetings' messages, labels and defaults, without zod: the dashboard's first tab reads them as it starts. */
export const MEETING_MESSAGES = {
  notFound: 'Meeting not found',
  dateRequired: 'Choose the meeting date',
  countsRequired: 'Choose whether the meeting counts for attendance',
  timeInvalid: 'Enter the start time as HH:MM, for example 07:00',
  urlInvalid: 'Enter the online meeting link as an http(s) address',
  dateTaken: 'The chapter already has a meeting on that date',
  tooFarAhead: 'A meeting can be planned at most a year ahead',
  notBeforeItsDay: 'A meeting opens on its day, not before',
  closed: 'This week is closed; an administrator can reopen it',
  holiday: 'There is no meeting this week (holiday)',
  notOpen: 'Open the meeting before closing it',
  notScheduled: 'Only a meeting not yet opened can be moved or made a holiday',
  notClosed: 'Only a closed week can be reopened',
  reasonRequired: 'Give a reason to reopen the week',
  substituteNameRequired: "Enter the substitute's name",
  awayReasonRequired: 'Say why you will be away',
  awayPast: 'Tell the chapter before the meeting opens',
  noSubstitutesLeft: 'You have no substitutes left in the six-month window',
} as const;

/** How many weeks ahead the job clock keeps the schedule's meetings, and how far back it catches up. */
export const MEETINGS_AHEAD_WEEKS = 4;
export const MEETINGS_CATCH_UP_WEEKS = 12;
/** The built-in start time and on-time cut-off when neither the chapter nor the agency sets one. */
export const DEFAULT_MEETING_TIME = '07:00';
export const DEFAULT_ON_TIME_MINUTES = 5;

export const MEETING_VIEWS = ['upcoming', 'past'] as const;

export const MEETING_STATE_LABELS = {
  scheduled: 'Scheduled',
  open: 'Open',
  closed: 'Closed',
  holiday: 'Holiday',
} as const;
