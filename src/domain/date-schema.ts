import { z } from 'zod';
import { EARLIEST_DATE, isIsoDate, todayIn } from './dates';

export const DATE_MESSAGES = {
  tooEarly: 'The date cannot be before January 1, 2000',
} as const;

/**
 * A sale or meeting date (kept apart from dates.ts: zod): a real yyyy-MM-dd, from 2000-01-01, and not
 * after today in the chapter's time zone. `messages` gives each form its own wording.
 */
export const chapterDateSchema = (messages: { required: string; future: string }) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { message: messages.required, abort: true })
    // One message per date: a date that is not one is not also "in the future".
    .refine(isIsoDate, { message: messages.required, abort: true })
    .refine((date) => date >= EARLIEST_DATE, { message: DATE_MESSAGES.tooEarly, abort: true })
    .refine((date) => date <= todayIn(), messages.future);
