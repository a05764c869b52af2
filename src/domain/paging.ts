import { z } from 'zod';
import { lineText } from './text';

/**
 * Lists never grow with the network: every list answers a page, `?limit=` at most its maximum,
 * and `nextCursor` (opaque; null on the last page) asks for the next one with `?cursor=`.
 */
export const PAGING_MESSAGES = {
  invalidCursor: 'This page link is no longer valid: load the list again',
} as const;

/** `?limit=&cursor=` for a list of `size` rows a page by default, at most `max`. */
export const pageQuery = (size: number, max: number) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(max).default(size),
    cursor: lineText(500).optional(),
  });

/** A page asked for: its size and where the page before ended. */
export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

/** `{ items, nextCursor }`: one page of `item`. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** The most ids one batch read takes (referral metrics, attendance statistics): a page of a table. */
export const MAX_BATCH_IDS = 100;
