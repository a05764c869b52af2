/**
 * The most recent `weekday` (0 Sunday ... 6 Saturday) on or before `today` (both yyyy-MM-dd, the chapter's calendar): what the
 * Attendance tab opens on, since attendance is logged at or after the meeting, never before it.
 */
export function lastMeetingDay(today: string, weekday: number): string {
  const back = (new Date(`${today}T00:00:00Z`).getUTCDay() - weekday + 7) % 7;
  return addDays(today, -back);
}

/** `date` moved by `days` (yyyy-MM-dd). */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The dates of the schedule's weekly meeting from `from` to `to` (both yyyy-MM-dd, inclusive). */
export function weeklyDates(from: string, to: string, weekday: number): string[] {
  const first = addDays(from, (weekday - new Date(`${from}T00:00:00Z`).getUTCDay() + 7) % 7);
  const dates: string[] = [];
  for (let day = first; day <= to; day = addDays(day, 7)) dates.push(day);
  return dates;
}
