import { isIsoDate } from '../../domain/dates';
import { PAGING_MESSAGES } from '../../domain/paging';
import { HttpError } from '../lib/http-error';
import { isUuid } from '../lib/uuid';

/**
 * The opaque `nextCursor` of a page: base64url of the last row's sort key (its parts as strings), so the
 * next page starts right after it through the index, however deep.
 */
export const encodeKeyCursor = (parts: readonly string[]) =>
  Buffer.from(JSON.stringify(parts)).toString('base64url');

/** Checks for the parts of a cursor, one per part, in order. */
export type KeyPartCheck = (part: string) => boolean;
export const anyText: KeyPartCheck = () => true;

/**
 * Reads a cursor back into its parts, of one of the shapes a list writes. Anything that is not one this
 * server wrote for this list (edited, truncated, from another list's shape) is a 400 with a clear message,
 * never a database error.
 */
export function decodeKeyCursorOf(
  cursor: string | undefined,
  ...shapes: ReadonlyArray<readonly KeyPartCheck[]>
): string[] | undefined {
  if (cursor === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const fits = (checks: readonly KeyPartCheck[]) =>
    Array.isArray(parsed) &&
    parsed.length === checks.length &&
    parsed.every((part, i) => typeof part === 'string' && checks[i]!(part));
  if (!shapes.some(fits))
    throw new HttpError('VALIDATION', PAGING_MESSAGES.invalidCursor, {
      cursor: [PAGING_MESSAGES.invalidCursor],
    });
  return parsed as string[];
}

/** A cursor of one shape: its parts, each passing its check. */
export const decodeKeyCursor = (cursor: string | undefined, checks: readonly KeyPartCheck[]) =>
  decodeKeyCursorOf(cursor, checks);

/** Where a page sorted by (date desc, id desc) ended: the next page starts after it. */
export interface DateIdKey {
  date: string;
  id: string;
}

export const encodeCursor = (key: DateIdKey) => encodeKeyCursor([key.date, key.id]);

export function decodeCursor(cursor: string | undefined): DateIdKey | undefined {
  const parts = decodeKeyCursor(cursor, [isIsoDate, isUuid]);
  return parts && { date: parts[0]!, id: parts[1]! };
}
