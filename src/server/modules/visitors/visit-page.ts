import { sql } from 'drizzle-orm';
import { DEFAULT_TIME_FORMAT } from '../../../domain/chapters/time-format';
import { CHAPTER_TIME_ZONE } from '../../../domain/dates';
import {
  VISIT_PAGE_MEETINGS,
  VISIT_WHAT_TO_BRING,
  type VisitMeeting,
  type VisitPage,
} from '../../../domain/visitors/contracts';
import { type Database, selectRows } from '../../db/client';
import { issueFillToken } from './fill-token';

/** How many members the "who invited you" picker lists (a chapter is far smaller). */
const PICKER_SIZE = 300;

interface ChapterRow {
  id: string;
  name: string | null;
  slug: string;
  time_zone: string | null;
  time_format: string | null;
  today: string;
}

/** The chapter of a visit page by its slug, with its zone and today there; undefined when none has it. */
export async function findVisitChapter(db: Database, slug: string): Promise<ChapterRow | undefined> {
  const [row] = await selectRows<ChapterRow>(
    db,
    sql`select c.id, c.name, c.slug, c.time_format, z.zone as time_zone,
          (now() at time zone z.zone)::date::text as today
        from chapters c
        cross join lateral (select coalesce(c.time_zone, (select s.time_zone from network_settings s where s.id = 1),
          ${CHAPTER_TIME_ZONE}) as zone) z
        where c.slug = ${slug}`,
  );
  return row;
}

/** A chapter's next meetings that still take visitors, from `today` (yyyy-MM-dd in its zone) on. */
export async function upcomingVisitMeetings(
  db: Database,
  chapterId: string,
  today: string,
): Promise<VisitMeeting[]> {
  const rows = await selectRows<{
    id: string;
    meeting_date: string;
    start_time: string;
    place: string | null;
    online_url: string | null;
  }>(
    db,
    sql`select id, meeting_date::text as meeting_date, start_time, place, online_url from meetings
        where chapter_id = ${chapterId} and meeting_date >= ${today}::date and state in ('scheduled', 'open')
        order by meeting_date limit ${VISIT_PAGE_MEETINGS}`,
  );
  return rows.map((m) => ({
    id: m.id,
    meetingDate: m.meeting_date,
    startTime: m.start_time,
    place: m.place,
    onlineUrl: m.online_url,
  }));
}

/** The upcoming meetings of the chapter with this id, as a member inviting someone chooses among them. */
export async function memberVisitMeetings(db: Database, chapterId: string) {
  const [chapter] = await selectRows<{ slug: string | null }>(
    db,
    sql`select slug from chapters where id = ${chapterId}`,
  );
  const found = chapter?.slug ? await findVisitChapter(db, chapter.slug) : undefined;
  return {
    timeFormat: found?.time_format === '24h' ? ('24h' as const) : DEFAULT_TIME_FORMAT,
    meetings: found ? await upcomingVisitMeetings(db, found.id, found.today) : [],
  };
}

/**
 * What the public visit page shows: the chapter's next meetings that still take visitors (today's included), its
 * members for "who invited you", and a fresh form token (its open seats come with the chapter's public answer).
 */
export async function readVisitPage(
  db: Database,
  slug: string,
  secret: string,
): Promise<VisitPage | undefined> {
  const chapter = await findVisitChapter(db, slug);
  if (!chapter) return undefined;
  const [meetings, members] = await Promise.all([
    upcomingVisitMeetings(db, chapter.id, chapter.today),
    selectRows<{ id: string; name: string }>(
      db,
      sql`select id, trim(concat_ws(' ', first_name, last_name)) as name from users
          where chapter_id = ${chapter.id} and role <> 'GUEST' and coalesce(first_name, last_name) is not null
          order by lower(first_name), lower(last_name), id limit ${PICKER_SIZE}`,
    ),
  ]);
  return {
    chapter: {
      name: chapter.name ?? '',
      slug: chapter.slug,
      timeZone: chapter.time_zone ?? CHAPTER_TIME_ZONE,
      timeFormat: chapter.time_format === '24h' ? '24h' : DEFAULT_TIME_FORMAT,
      whatToBring: VISIT_WHAT_TO_BRING,
    },
    meetings,
    members,
    formToken: issueFillToken(secret, slug),
  };
}
