// No zod here: the dashboard's first tab reads these as it starts; the schemas load with a form.

/** What the education-unit screens and the server say. */
export const EDUCATION_UNIT_MESSAGES = {
  dateRequired: 'Date is required',
  futureDate: 'The date cannot be in the future',
  kindRequired: 'Choose what you learned from',
  titleRequired: 'Say what you read, watched or attended',
  minutesInvalid: 'Enter the minutes, from 1 to 1440',
  notFound: 'Education unit not found',
  notYours: 'Only the member who recorded this unit can remove it',
  recorded: 'Education unit recorded',
  removed: 'Education unit removed',
  noOnePresent: 'No one is recorded present at this meeting yet',
  /** Help text beside the form: BNI does not count licence hours. */
  licenceHelp: 'Professional-licence education (hours your trade or licence requires) is not a CEU.',
} as const;

/** What a unit was learned from. A resource of the library joins these once the library exists. */
export const EDUCATION_UNIT_KINDS = ['book_chapter', 'training', 'podcast', 'book_program', 'other'] as const;
export type EducationUnitKind = (typeof EDUCATION_UNIT_KINDS)[number];
export const EDUCATION_UNIT_KIND_LABELS: Record<EducationUnitKind, string> = {
  book_chapter: 'A book chapter',
  training: 'A training',
  podcast: 'A podcast',
  book_program: "The chapter's quarterly book program",
  other: 'Something else',
};

export const MIN_UNIT_MINUTES = 1;
export const MAX_UNIT_MINUTES = 1440;

/** A page of units: 25 by default, at most 100. */
export const EDUCATION_UNIT_PAGE_SIZE = 25;
export const MAX_EDUCATION_UNIT_PAGE_SIZE = 100;
