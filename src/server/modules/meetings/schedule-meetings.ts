import { and, eq, isNotNull, max, sql } from 'drizzle-orm';
import { addDays, lastMeetingDay, weeklyDates } from '../../../domain/attendance/meeting-day';
import { MEETINGS_AHEAD_WEEKS, MEETINGS_CATCH_UP_WEEKS } from '../../../domain/attendance/meetings';
import type { Database } from '../../db/client';
import { meetings } from '../../db/schema';
import { allChapterSchedules, type ChapterSchedule, chapterToday } from './meeting-settings';

/**
 * The weeks the schedule still owes a chapter, as of `today`: from the week after the last one it made (at
 * most MEETINGS_CATCH_UP_WEEKS back, so a clock stopped for a while catches up, bounded), else from this
 * week's meeting day, to MEETINGS_AHEAD_WEEKS ahead.
 */
export function weeksOwed(schedule: ChapterSchedule, today: string, lastMade: string | null): string[] {
  // A chapter without a meeting day has no weekly meetings until it is set.
  if (schedule.weekday === null) return [];
  const thisWeek = lastMeetingDay(today, schedule.weekday);
  const earliest = addDays(thisWeek, -7 * MEETINGS_CATCH_UP_WEEKS);
  const from = lastMade ? addDays(lastMade, 1) : thisWeek;
  return weeklyDates(
    from < earliest ? earliest : from,
    addDays(today, 7 * MEETINGS_AHEAD_WEEKS),
    schedule.weekday,
  );
}

/**
 * Makes each chapter's weekly meetings ahead, run by the job clock on every instance: each
 * week is one row keyed by the week it stands for, so running twice, or on two instances at once, makes
 * it once (ON CONFLICT DO NOTHING), and a moved or holiday week is never made again. Returns how many it made.
 */
export async function scheduleMeetings(db: Database, now = new Date()): Promise<number> {
  const schedules = await allChapterSchedules(db);
  const lastMade = new Map(
    (
      await db
        .select({ chapterId: meetings.chapterId, last: max(meetings.scheduledFor) })
        .from(meetings)
        .where(isNotNull(meetings.scheduledFor))
        .groupBy(meetings.chapterId)
    ).map((r) => [r.chapterId, r.last]),
  );
  const rows = schedules.flatMap((schedule) =>
    weeksOwed(schedule, chapterToday(schedule, now), lastMade.get(schedule.chapterId) ?? null).map(
      (date) => ({
        chapterId: schedule.chapterId,
        meetingDate: date,
        scheduledFor: date,
        startTime: schedule.startTime,
        place: schedule.place,
        onlineUrl: schedule.onlineUrl,
      }),
    ),
  );
  if (rows.length === 0) return 0;
  const made = await db.insert(meetings).values(rows).onConflictDoNothing().returning({ id: meetings.id });
  return made.length;
}

/**
 * After a chapter's schedule changes, its weeks not yet opened follow it: the time, place and link are
 * updated in place; a new weekday drops the old day's untouched weeks ahead and the clock makes the new day's.
 */
export async function followScheduleChange(
  tx: Pick<Database, 'update' | 'delete'>,
  schedule: ChapterSchedule,
  weekdayChanged: boolean,
  today: string,
): Promise<void> {
  const ahead = and(
    eq(meetings.chapterId, schedule.chapterId),
    eq(meetings.state, 'scheduled'),
    eq(meetings.extra, false),
    sql`${meetings.meetingDate} >= ${today}`,
    // A moved week keeps what leadership chose.
    sql`${meetings.meetingDate} = ${meetings.scheduledFor}`,
  );
  if (weekdayChanged) {
    await tx.delete(meetings).where(ahead);
    return;
  }
  await tx
    .update(meetings)
    .set({
      startTime: schedule.startTime,
      place: schedule.place,
      onlineUrl: schedule.onlineUrl,
      updatedAt: sql`now()`,
    })
    .where(ahead);
}
