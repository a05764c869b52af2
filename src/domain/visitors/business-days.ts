import { addDays } from '../attendance/meeting-day';

/** The weekday of a yyyy-MM-dd date, 0 = Sunday .. 6 = Saturday (the date as a calendar day, no zone). */
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The date `count` business days (Monday to Friday) from `date`, forward (`step` 1) or back (-1). */
function businessDaysFrom(date: string, count: number, step: 1 | -1): string {
  let day = date;
  let left = count;
  while (left > 0) {
    day = addDays(day, step);
    const dow = weekday(day);
    if (dow !== 0 && dow !== 6) left--;
  }
  return day;
}

/** The date `count` business days (Monday to Friday) before `date`: a visitor's reminder day. */
export const businessDaysBefore = (date: string, count: number): string => businessDaysFrom(date, count, -1);

/** The date `count` business days after `date`: when a visitor host's call is due. */
export const businessDaysAfter = (date: string, count: number): string => businessDaysFrom(date, count, 1);

/** Visitors are reminded this many business days before their meeting. */
export const REMINDER_BUSINESS_DAYS = 2;
