import { ROSTER_END, ROSTER_MAX_SKIP, type UserPage } from '../../../../domain/admin/contracts';

/** Where the roster is in the address: the page number shown, and the cursor and step that fetch it. */
export interface RosterPosition {
  page: number;
  at: string;
  skip: number;
}

export const FIRST_ROSTER_PAGE: RosterPosition = { page: 1, at: '', skip: 0 };

/**
 * How to reach page `n` from the page on screen (`current` of `pageCount`, answered as `shown`): the
 * first page from the start, the last from the end, a near page from this page's cursors stepping over
 * the pages between (docs/decisions/0027); anything else by number.
 */
export function rosterPageTarget(
  n: number,
  current: number,
  pageCount: number,
  shown: Pick<UserPage, 'prevCursor' | 'nextCursor'>,
): RosterPosition {
  if (n <= 1) return FIRST_ROSTER_PAGE;
  if (n >= pageCount) return { page: pageCount, at: ROSTER_END, skip: 0 };
  const ahead = n - current - 1;
  if (n > current && shown.nextCursor && ahead <= ROSTER_MAX_SKIP)
    return { page: n, at: shown.nextCursor, skip: ahead };
  const behind = current - n - 1;
  if (n < current && shown.prevCursor && behind <= ROSTER_MAX_SKIP)
    return { page: n, at: shown.prevCursor, skip: behind };
  return { page: n, at: '', skip: 0 };
}
