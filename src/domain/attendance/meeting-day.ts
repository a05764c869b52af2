/**
 * The weekday the chapter meets (0 Sunday ... 6 Saturday). Tuesday, until chapters carry their own
 * meeting schedule (DESIGN section 6: settings resolve chapter -> agency -> built-in default).
 */
export const CHAPTER_MEETING_WEEKDAY = 2;

/**
 * The most recent meeting day on or before `today` (both yyyy-MM-dd, the chapter's calendar): what the
 * Attendance tab opens on, since attendance is logged at or after the meeting, never before it.
 */
export function lastMeetingDay(today: string, weekday: number = CHAPTER_MEETING_WEEKDAY): string {
  const day = new Date(`${today}T00:00:00Z`);
  const back = (day.getUTCDay() - weekday + 7) % 7;
  day.setUTCDate(day.getUTCDate() - back);
  return day.toISOString().slice(0, 10);
}
