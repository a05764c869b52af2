// No zod here: the scoring function and the pages that explain a score read these without the schemas.

/** What a component counts, from a member's counts over the window (docs/scorecard.md says what each is). */
export const MEASURES = [
  'attendance',
  'absences',
  'lates',
  'referralsGiven',
  'visitors',
  'oneToOnes',
  'educationUnits',
  'testimonials',
  'closedBusiness',
] as const;
export type Measure = (typeof MEASURES)[number];

export const MEASURE_LABELS: Record<Measure, string> = {
  attendance: 'Attendance',
  absences: 'Absences',
  lates: 'Arriving on time',
  referralsGiven: 'Referrals given',
  visitors: 'Visitors',
  oneToOnes: 'One-to-ones',
  educationUnits: 'CEUs',
  testimonials: 'Testimonials',
  closedBusiness: 'Closed business (TYFCB)',
};

/** How a count becomes the value its bands read: a rate per countable week, per month of the window, or the total. */
export const RATES = ['week', 'month', 'period'] as const;
export type Rate = (typeof RATES)[number];

/** How a band compares the value with its threshold. */
export const COMPARISONS = ['atLeast', 'above', 'atMost', 'below'] as const;
export type Comparison = (typeof COMPARISONS)[number];

/** The traffic-light colours, best first; grey is below the red cut-off. */
export const SCORE_COLOURS = ['green', 'yellow', 'red', 'grey'] as const;
export type ScoreColour = (typeof SCORE_COLOURS)[number];

export const SCORE_COLOUR_LABELS: Record<ScoreColour, string> = {
  green: 'Green',
  yellow: 'Yellow',
  red: 'Red',
  grey: 'Grey',
};

/** The presets a chapter may start from. */
export const PRESET_KEYS = ['us-power-of-one', 'classic-traffic-lights', 'taiwan-2026'] as const;
export type PresetKey = (typeof PRESET_KEYS)[number];

/** The rules a chapter scores by until an administrator sets its own. */
export const DEFAULT_PRESET: PresetKey = 'us-power-of-one';

export const SCORECARD_MESSAGES = {
  nameRequired: 'Give the rules a name',
  windowMonths: 'The window is a whole number of months from 1 to 12',
  noComponents: 'Add at least one component',
  tooManyComponents: 'A rule set has at most 12 components',
  keyRequired: 'Each component needs a short key (letters, digits and dashes)',
  keyRepeated: 'Two components have the same key',
  measureRequired: 'Choose what the component counts',
  rateRequired: 'Choose per week, per month or over the whole period',
  noBands: 'Add at least one band',
  tooManyBands: 'A component has at most 8 bands',
  comparisonRequired: 'Choose at least, above, at most or below',
  thresholdInvalid: 'The threshold is a number of 0 or more',
  pointsInvalid: 'Points are a whole number from 0 to 100',
  bandsOrder: 'List the bands from the most points to the fewest',
  maximumMismatch: 'The maximum is the points of the first band',
  cutOffInvalid: 'A colour cut-off is a number of points from 0 to 1000',
  cutOffOrder: 'Green needs more points than yellow, and yellow more than red',
  latesPerAbsence: 'Lates per absence is a whole number from 1 to 10, or empty',
  reasonRequired: 'Say why the rules change',
  presetUnknown: 'There is no such preset',
  componentNotFound: 'The scorecard has no such component',
} as const;
