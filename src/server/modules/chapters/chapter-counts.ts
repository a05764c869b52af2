import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * A chapter's members (accounts other than guests), as chapter_user_totals keeps them (migration 0040): one row
 * read, however many members the chapter has. Zero for a chapter nobody has joined yet (it has no row).
 */
export const chapterMemberCount = (chapterId: SQLWrapper): SQL =>
  sql`coalesce((select t.member_count from chapter_user_totals t where t.chapter_id = ${chapterId}), 0)`;

/** A chapter's open seats (its industries no member holds): one seat-index probe per industry. */
export const chapterOpenSeatCount = (chapterId: SQLWrapper): SQL => sql`chapter_open_seats(${chapterId})`;
