import { sql } from 'drizzle-orm';
import type { PublicChapter, PublicChapterDetail } from '../../../domain/chapters/contracts';
import { type Database, selectRows } from '../../db/client';

interface Row {
  name: string | null;
  slug: string | null;
  meeting_weekday: number | null;
  meeting_time: string | null;
  meeting_place: string | null;
  members: number;
  open_seats: string[];
}

const toPublic = (r: Row): PublicChapter => ({
  name: r.name ?? '',
  slug: r.slug ?? '',
  meetingWeekday: r.meeting_weekday,
  meetingTime: r.meeting_time,
  meetingPlace: r.meeting_place,
  members: r.members,
  openSeats: r.open_seats.length,
});

/** The chapters a visitor sees, or the one with `slug`: members (guests aside) and open seats, one query. */
async function publicChapterRows(db: Database, slug?: string): Promise<Row[]> {
  return selectRows<Row>(
    db,
    sql`select c.name, c.slug, c.meeting_weekday, c.meeting_time, c.meeting_place,
          (select count(*)::int from users u where u.chapter_id = c.id and u.role <> 'GUEST') as members,
          coalesce((select array_agg(i.name order by lower(i.name)) from industries i
            where i.chapter_id = c.id and seat_holder(i.name, c.id) is null), '{}') as open_seats
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
