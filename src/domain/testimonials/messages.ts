// No zod here: the dashboard's first tab reads these as it starts; the schemas load with a form.

/** What the testimonial screens and the server say. */
export const TESTIMONIAL_MESSAGES = {
  chooseMember: 'Choose who the testimonial is for',
  notAMember: 'Choose a current member',
  notSelf: 'You cannot write a testimonial for yourself',
  bodyRequired: 'Write the testimonial',
  givenInRequired: 'Choose whether you gave it in the meeting or wrote it',
  dateRequired: 'Date is required',
  futureDate: 'The date cannot be in the future',
  notFound: 'Testimonial not found',
  onlyRecipientShows: 'Only the member it is for can show or hide this testimonial',
  onlyWriterRemoves: 'Only the member who wrote this testimonial can remove it',
  written: 'Testimonial sent',
  shown: 'Shown on your public profile',
  hidden: 'Hidden from your public profile',
  removed: 'Testimonial removed',
} as const;

export const TESTIMONIAL_GIVEN_IN = ['meeting', 'written'] as const;
export type TestimonialGivenIn = (typeof TESTIMONIAL_GIVEN_IN)[number];
export const TESTIMONIAL_GIVEN_IN_LABELS: Record<TestimonialGivenIn, string> = {
  meeting: 'Given in the meeting',
  written: 'Written',
};

export const TESTIMONIAL_MAX_LENGTH = 2000;
/** A page of testimonials: 25 by default, at most 100; a public profile shows the newest 20. */
export const TESTIMONIAL_PAGE_SIZE = 25;
export const MAX_TESTIMONIAL_PAGE_SIZE = 100;
export const PUBLIC_TESTIMONIALS = 20;
/** How long a browser may keep a profile's testimonials: a hidden one is gone from every page within a minute. */
export const PUBLIC_TESTIMONIALS_CACHE_SECONDS = 60;
