import { eq, sql } from 'drizzle-orm';
import { type AgendaSegment, DEFAULT_AGENDA } from '../../../domain/attendance/agenda';
import { addDays } from '../../../domain/attendance/meeting-day';
import { DEFAULT_MEETING_TIME, DEFAULT_ON_TIME_MINUTES } from '../../../domain/attendance/meetings';
import { DEFAULT_TIME_FORMAT, type TimeFormat } from '../../../domain/chapters/time-format';
import { CHAPTER_TIME_ZONE, todayIn, zonedInstant } from '../../../domain/dates';
import type { Database, Transaction } from '../../db/client';
import { chapters, networkSettings } from '../../db/schema';

/**
 * A chapter's schedule as it applies: its own, else the agency's time zone, else the built-in defaults; the
 * meeting day is the chapter's own or none (no day is invented).
 */
export interface ChapterSchedule {
  chapterId: string;
  timeZone: string;
  /** The day it meets (0 = Sunday); null until leadership sets it, and then the clock makes no meetings. */
  weekday: number | null;
  startTime: string;
  place: string | null;
  onlineUrl: string | null;
  chapterName: string;
  /** How the chapter writes the time of day. */
  timeFormat: TimeFormat;
  /** Minutes after the start a check-in is still on time. */
  onTimeMinutes: number;
  agenda: AgendaSegment[];
}

const scheduleColumns = {
  chapterId: chapters.id,
  timeZone: sql<
    string | null
  >`coalesce(${chapters.timeZone}, (select s.time_zone from ${networkSettings} s where s.id = 1))`,
  weekday: chapters.meetingWeekday,
  startTime: chapters.meetingTime,
  place: chapters.meetingPlace,
  onlineUrl: chapters.meetingUrl,
  chapterName: chapters.name,
  onTimeMinutes: chapters.onTimeMinutes,
  agenda: chapters.agenda,
  timeFormat: chapters.timeFormat,
};

const toSchedule = (r: {
  chapterId: string;
  timeZone: string | null;
  weekday: number | null;
  startTime: string | null;
  place: string | null;
  onlineUrl: string | null;
  chapterName: string | null;
  onTimeMinutes: number | null;
  agenda: AgendaSegment[] | null;
  timeFormat: string | null;
}): ChapterSchedule => ({
  chapterId: r.chapterId,
  timeZone: r.timeZone ?? CHAPTER_TIME_ZONE,
  weekday: r.weekday,
  startTime: r.startTime ?? DEFAULT_MEETING_TIME,
  place: r.place,
  onlineUrl: r.onlineUrl,
  chapterName: r.chapterName ?? '',
  onTimeMinutes: r.onTimeMinutes ?? DEFAULT_ON_TIME_MINUTES,
  agenda: r.agenda ?? DEFAULT_AGENDA,
  timeFormat: r.timeFormat === '24h' ? '24h' : DEFAULT_TIME_FORMAT,
});

/** Every chapter's schedule: one query (the job clock's pass). */
export async function allChapterSchedules(db: Database): Promise<ChapterSchedule[]> {
  const rows = await db.select(scheduleColumns).from(chapters).orderBy(chapters.id);
  return rows.map(toSchedule);
}

export async function chapterSchedule(
  db: Database | Transaction,
  chapterId: string,
): Promise<ChapterSchedule> {
  const [row] = await db.select(scheduleColumns).from(chapters).where(eq(chapters.id, chapterId));
  if (!row) throw new Error(`No chapter ${chapterId}`);
  return toSchedule(row);
}

/**
 * The instant the meeting's day ends in the chapter's time zone: a member who joined before it is expected
 * at the meeting. (Midnight in the database's own zone would drop, in the evening in Colorado, everyone who
 * joined that day.)
 */
export const endOfMeetingDay = (date: string, schedule: Pick<ChapterSchedule, 'timeZone'>) =>
  zonedInstant(addDays(date, 1), '00:00', schedule.timeZone).toISOString();

/** Today in the chapter's own time zone (its meetings' calendar). */
export const chapterToday = (schedule: Pick<ChapterSchedule, 'timeZone'>, now = new Date()) =>
  todayIn(schedule.timeZone, now);
