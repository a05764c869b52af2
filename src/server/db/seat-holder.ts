import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * The id of the member holding `industry`'s seat in a chapter (seats are per chapter), never `except` (an applicant): the first non-guest to
 * join, by join date then id. SQL function seat_holder (migration 0022), the rule's one definition, so
 * the industries list, the application review and the members import cannot disagree.
 */
export const seatHolderId = (industry: SQLWrapper, chapterId: SQLWrapper, except?: SQLWrapper): SQL =>
  except
    ? sql`seat_holder(${industry}, ${chapterId}, ${except})`
    : sql`seat_holder(${industry}, ${chapterId})`;
