import { z } from 'zod';
import { chapterDateSchema } from '../date-schema';
import { enteredBySchema } from '../members/entered-by-schema';
import { pageQuery, pageSchema } from '../paging';
import { requiredLongText } from '../text';
import {
  TESTIMONIAL_MESSAGES as M,
  MAX_TESTIMONIAL_PAGE_SIZE,
  TESTIMONIAL_GIVEN_IN,
  TESTIMONIAL_MAX_LENGTH,
  TESTIMONIAL_PAGE_SIZE,
} from './messages';

export * from './messages';

/** POST /api/testimonials: the signed-in member writes one for `forMemberId`. */
export const writeTestimonialSchema = z.strictObject({
  forMemberId: z.string({ error: M.chooseMember }).trim().min(1, M.chooseMember).pipe(z.uuid(M.notAMember)),
  body: requiredLongText(M.bodyRequired, TESTIMONIAL_MAX_LENGTH),
  givenIn: z.enum(TESTIMONIAL_GIVEN_IN, { error: M.givenInRequired }),
  givenOn: chapterDateSchema({ required: M.dateRequired, future: M.futureDate }),
});
export type WriteTestimonialInput = z.input<typeof writeTestimonialSchema>;

/** PATCH /api/testimonials/:id: the recipient shows it on their public profile, or hides it again. */
export const showTestimonialSchema = z.strictObject({
  shownOnProfile: z.boolean({ error: 'Say whether to show it' }),
});

const personSchema = z.object({ id: z.string(), name: z.string(), businessName: z.string().nullable() });

export const testimonialSchema = z.object({
  id: z.string(),
  body: z.string(),
  givenIn: z.enum(TESTIMONIAL_GIVEN_IN),
  givenOn: z.string(),
  shownOnProfile: z.boolean(),
  writtenByMe: z.boolean(),
  /** Leadership, when it keyed the testimonial in from a paper slip on the writer's behalf. */
  enteredBy: enteredBySchema,
  /** The writer (on my received side) or the recipient (on my written side); null once their account is gone. */
  other: personSchema.nullable(),
  createdAt: z.string(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const testimonialPageQuerySchema = pageQuery(TESTIMONIAL_PAGE_SIZE, MAX_TESTIMONIAL_PAGE_SIZE).extend({
  side: z.enum(['received', 'written']).default('received'),
});
export const testimonialPageSchema = pageSchema(testimonialSchema);
export type TestimonialPage = z.infer<typeof testimonialPageSchema>;

/** GET /api/testimonials/public/:memberId: what a member chose to show, newest first. */
export const publicTestimonialSchema = z.object({
  id: z.string(),
  body: z.string(),
  givenOn: z.string(),
  writer: z
    .object({ name: z.string(), businessName: z.string().nullable(), slug: z.string().nullable() })
    .nullable(),
});
export type PublicTestimonial = z.infer<typeof publicTestimonialSchema>;
export const publicTestimonialsSchema = z.array(publicTestimonialSchema);
