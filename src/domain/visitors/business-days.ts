import { addDays } from '../attendance/meeting-day';

/** The weekday of a yyyy-MM-dd date, 0 = Sunday .. 6 = Saturday (the date as a calendar day, no zone). */
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The date `count` business days (Monday to Friday) before `date`: a visitor's reminder day. */
export function businessDaysBefore(date: string, count: number): string {
  let day = date;
  let left = count;
  while (left > 0) {
    day = addDays(day, -1);
    const dow = weekday(day);
    if (dow !== 0 && dow !== 6) left--;
  }
  return day;
}

/** Visitors are reminded this many business days before their meeting. */
export const REMINDER_BUSINESS_DAYS = 2;
