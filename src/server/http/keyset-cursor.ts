import { isIsoDate } from '../../domain/dates';
import { CURSOR_MESSAGES } from '../../domain/referrals/contracts';
import { HttpError } from '../lib/http-error';
import { isUuid } from './route-params';

/** Where a page sorted by (date desc, id desc) ended: the next page starts after it. */
export interface DateIdKey {
  date: string;
  id: string;
}

/** The opaque `nextCursor` of a page: base64url of the last row's date and id. */
export const encodeCursor = (key: DateIdKey) =>
  Buffer.from(JSON.stringify([key.date, key.id])).toString('base64url');

/**
 * Reads a cursor back. Anything that is not one this server wrote (edited, truncated, from another list
 * shape) is a 400 with a clear message, never a database error.
 */
export function decodeCursor(cursor: string | undefined): DateIdKey | undefined {
  if (cursor === undefined) return undefined;
  const invalid = () =>
    new HttpError('VALIDATION', CURSOR_MESSAGES.invalid, { cursor: [CURSOR_MESSAGES.invalid] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    typeof parsed[1] !== 'string' ||
    !isIsoDate(parsed[0]) ||
    !isUuid(parsed[1])
  )
    throw invalid();
  return { date: parsed[0], id: parsed[1] };
}
