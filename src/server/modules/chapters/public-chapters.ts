import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type PublicChapter,
  type PublicChapterDetail,
  publicChapterDetailSchema,
  publicChapterSchema,
} from '../../../domain/chapters/contracts';
import type { TimeFormat } from '../../../domain/chapters/time-format';
import { type Database, selectRows } from '../../db/client';
import { type EncodedBody, encodeBody } from '../../http/encoded-body';
import type { DirectoryCache } from '../members/directory-cache';
import { chapterMemberCount } from './chapter-counts';

interface Row {
  name: string | null;
  slug: string | null;
  meeting_weekday: number | null;
  meeting_time: string | null;
  meeting_place: string | null;
  time_format: TimeFormat | null;
  members: number;
  open_seats: string[];
}

const toPublic = (r: Row): PublicChapter => ({
  name: r.name ?? '',
  slug: r.slug ?? '',
  meetingWeekday: r.meeting_weekday,
  meetingTime: r.meeting_time,
  meetingPlace: r.meeting_place,
  timeFormat: r.time_format,
  members: r.members,
  openSeats: r.open_seats.length,
});

/**
 * The chapters a visitor sees, or the one with `slug`: members (guests aside) and open seats, one query.
 * Each chapter's seat holders are read once, as one set (`chapter_seat_holders`), not one lookup per industry.
 */
async function publicChapterRows(db: Database, slug?: string): Promise<Row[]> {
  return selectRows<Row>(
    db,
    sql`select c.name, c.slug, c.meeting_weekday, c.meeting_time, c.meeting_place, c.time_format,
          ${chapterMemberCount(sql`c.id`)} as members,
          coalesce((select array_agg(i.name order by lower(i.name)) from industries i
            left join chapter_seat_holders(c.id) h on h.industry = lower(i.name)
            where i.chapter_id = c.id and h.holder is null), '{}') as open_seats
        from chapters c
        where c.slug is not null ${slug === undefined ? sql`` : sql`and c.slug = ${slug}`}
        order by c.created_at, c.id`,
  );
}

export async function listPublicChapters(db: Database): Promise<PublicChapter[]> {
  return (await publicChapterRows(db)).map(toPublic);
}

export async function findPublicChapter(
  db: Database,
  slug: string,
): Promise<PublicChapterDetail | undefined> {
  const [row] = await publicChapterRows(db, slug);
  return row ? { ...toPublic(row), openSeatIndustries: row.open_seats } : undefined;
}

/**
 * `GET /api/chapters/public`'s answer as bytes, kept per directory version: a chapter's public face, a member's
 * chapter, role or industry, and a chapter's industries all move that version (migrations 0026 and 0033).
 */
export const publicChaptersBody = (directory: DirectoryCache, db: Database) =>
  directory.kept('chapters', async () =>
    encodeBody(z.encode(z.array(publicChapterSchema), await listPublicChapters(db))),
  ) as Promise<EncodedBody>;

/** One chapter's public answer as bytes, kept the same way; null when no chapter has `slug`. */
export const publicChapterBody = (directory: DirectoryCache, db: Database, slug: string) =>
  directory.kept(`chapter:${slug}`, async () => {
    const chapter = await findPublicChapter(db, slug);
    return chapter ? encodeBody(z.encode(publicChapterDetailSchema, chapter)) : null;
  });
