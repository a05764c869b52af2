import { sql } from 'drizzle-orm';
import { DEFAULT_AGENDA } from '../../../domain/attendance/agenda';
import { effectiveTimeZone } from '../../db/chapter-settings';
import { type Database, selectRows, type Transaction } from '../../db/client';
import type { VisitEmailFacts } from './visit-emails';

interface FactsRow {
  visit_id: string;
  visitor_id: string;
  sequence: number;
  first_name: string;
  last_name: string;
  email: string;
  meeting_date: string;
  start_time: string;
  place: string | null;
  online_url: string | null;
  chapter_id: string;
  chapter_name: string | null;
  slug: string | null;
  time_zone: string;
  time_format: string | null;
  agenda_minutes: number | null;
}

const DEFAULT_MINUTES = DEFAULT_AGENDA.reduce((sum, segment) => sum + segment.minutes, 0);

/**
 * What the emails of the visits with these ids say, in one query: the visitor, the meeting as it stands now, the
 * chapter (its zone, or the agency's) and the meeting's length (the chapter's agenda, else the built-in one).
 */
export async function readVisitFacts(
  db: Database | Transaction,
  visitIds: string[],
): Promise<VisitEmailFacts[]> {
  if (visitIds.length === 0) return [];
  const rows = await selectRows<FactsRow>(
    db,
    sql`select v.id as visit_id, v.visitor_id, v.sequence, p.first_name, p.last_name, p.email,
          m.meeting_date::text as meeting_date, m.start_time, m.place, m.online_url,
          c.id as chapter_id, c.name as chapter_name, c.slug, c.time_format,
          ${effectiveTimeZone(sql`c.id`)} as time_zone,
          (select sum((seg->>'minutes')::int) from jsonb_array_elements(c.agenda) seg)::int as agenda_minutes
        from visitor_visits v
        join visitors p on p.id = v.visitor_id
        join meetings m on m.id = v.meeting_id
        join chapters c on c.id = v.chapter_id
        where v.id in (${sql.join(
          visitIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  return rows.map((r) => ({
    visitId: r.visit_id,
    visitorId: r.visitor_id,
    sequence: r.sequence,
    visitor: { firstName: r.first_name, lastName: r.last_name, email: r.email },
    meeting: {
      meetingDate: r.meeting_date,
      startTime: r.start_time,
      place: r.place,
      onlineUrl: r.online_url,
    },
    chapter: {
      id: r.chapter_id,
      name: r.chapter_name ?? '',
      slug: r.slug ?? '',
      timeZone: r.time_zone,
      timeFormat: r.time_format === '24h' ? '24h' : '12h',
      minutes: r.agenda_minutes ?? DEFAULT_MINUTES,
    },
  }));
}
