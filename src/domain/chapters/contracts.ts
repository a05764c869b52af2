import { z } from 'zod';

export const CHAPTER_MESSAGES = {
  notFound: 'Chapter not found',
} as const;

/** `?chapter=` a chapter's slug, on public reads that belong to one chapter (the first when absent). */
export const chapterQuerySchema = z.strictObject({
  chapter: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9-]+$/, CHAPTER_MESSAGES.notFound)
    .optional(),
});
