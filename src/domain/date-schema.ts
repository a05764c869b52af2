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
    .min(1, messages.required)
    .refine(isIsoDate, messages.required)
    .refine((date) => date >= EARLIEST_DATE, DATE_MESSAGES.tooEarly)
    .refine((date) => date <= todayIn(), messages.future);
