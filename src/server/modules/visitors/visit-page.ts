import { sql } from 'drizzle-orm';
import { DEFAULT_TIME_FORMAT } from '../../../domain/chapters/time-format';
import {
  VISIT_PAGE_MEETINGS,
  VISIT_WHAT_TO_BRING,
  type VisitMeeting,
  type VisitPage,
} from '../../../domain/visitors/contracts';
import { effectiveTimeZone } from '../../db/chapter-settings';
import { type Database, selectRows } from '../../db/client';
import { issueFillToken } from './fill-token';
import { listChapterMembers } from './visitor-queries';

interface ChapterRow {
  id: string;
  name: string | null;
  slug: string;
  time_zone: string;
  time_format: string | null;
  today: string;
}

/** A visit page's chapter, by its slug or id, with its zone and today there; undefined when none is found. */
export async function findVisitChapter(
  db: Database,
  by: { slug: string } | { id: string },
): Promise<ChapterRow | undefined> {
  const [row] = await selectRows<ChapterRow>(
    db,
    sql`select c.id, c.name, c.slug, c.time_format, z.zone as time_zone,
          (now() at time zone z.zone)::date::text as today
        from chapters c
        cross join lateral (select ${effectiveTimeZone(sql`c.id`)} as zone) z
        where c.slug is not null and ${'slug' in by ? sql`c.slug = ${by.slug}` : sql`c.id = ${by.id}`}`,
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
  const chapter = await findVisitChapter(db, { id: chapterId });
  return {
    timeFormat: chapter?.time_format === '24h' ? ('24h' as const) : DEFAULT_TIME_FORMAT,
    meetings: chapter ? await upcomingVisitMeetings(db, chapter.id, chapter.today) : [],
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
  const chapter = await findVisitChapter(db, { slug });
  if (!chapter) return undefined;
  const [meetings, members] = await Promise.all([
    upcomingVisitMeetings(db, chapter.id, chapter.today),
    listChapterMembers(db, chapter.id),
  ]);
  return {
    chapter: {
      name: chapter.name ?? '',
      slug: chapter.slug,
      timeZone: chapter.time_zone,
      timeFormat: chapter.time_format === '24h' ? '24h' : DEFAULT_TIME_FORMAT,
      whatToBring: VISIT_WHAT_TO_BRING,
    },
    meetings,
    members: members.map(({ id, name }) => ({ id, name })),
    formToken: issueFillToken(secret, slug),
  };
}
