import { sql } from 'drizzle-orm';
import { CHAPTER_TIME_ZONE } from '../../../domain/dates';
import { NOTIFICATION_LINKS } from '../../../domain/notifications/kinds';
import { hasRole, ROLES } from '../../../domain/roles/roles';
import { type Database, selectRows } from '../../db/client';
import { chapters, meetings, networkSettings } from '../../db/schema';
import { notifyRolesOfChapters } from '../notifications/notify';
import { meetingDay } from './week-report-email';

/** Who is told: the chapter's leadership and everyone above, as for the week's report. */
const LEADERS = ROLES.filter((role) => hasRole(role, 'LEADERSHIP'));

/** How far back a week is still worth a reminder: a clock stopped longer does not flood the bell with old weeks. */
const REMINDER_WINDOW_DAYS = 7;

/**
 * Tells leadership, once per meeting, that a meeting's day passed (in its chapter's zone) without it being
 * opened or made a holiday. The meeting row is stamped in the same statement that picks it, so of two
 * instances running this at once only one gets each meeting back. Returns how many meetings were reminded of.
 */
export async function remindNotRecordedMeetings(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await selectRows<{
      id: string;
      chapter_id: string;
      meeting_date: string;
      chapter_name: string | null;
    }>(
      tx,
      sql`
        update ${meetings} m set not_recorded_reminded_at = ${now}
        from ${chapters} c
        cross join lateral (select (${now}::timestamptz at time zone coalesce(c.time_zone,
          (select s.time_zone from ${networkSettings} s where s.id = 1), ${CHAPTER_TIME_ZONE}))::date as today) z
        where c.id = m.chapter_id and m.state = 'scheduled' and m.not_recorded_reminded_at is null
          -- meetings_not_recorded_idx: a day either side of the zones, then each chapter's own today.
          and m.meeting_date >= ${now}::timestamptz::date - ${REMINDER_WINDOW_DAYS + 1}::int
          and m.meeting_date < z.today and m.meeting_date >= z.today - ${REMINDER_WINDOW_DAYS}::int
        returning m.id, m.chapter_id, m.meeting_date::text as meeting_date, c.name as chapter_name`,
    );
    await notifyRolesOfChapters(
      tx,
      LEADERS,
      due.map((meeting) => {
        const day = meetingDay(meeting.meeting_date);
        return {
          chapterId: meeting.chapter_id,
          kind: 'meeting_not_recorded',
          title: `Not recorded: ${[meeting.chapter_name, day].filter(Boolean).join(', ')}`,
          body: `The meeting of ${day} was not opened and is not marked as a holiday. Record this week from the Attendance tab, or mark it as a holiday.`,
          link: NOTIFICATION_LINKS.meeting(meeting.id),
        };
      }),
    );
    return due.length;
  });
}
