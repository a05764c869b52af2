// No zod here: the member's page names its window as it draws.
import { monthIndexOf, monthStart } from '../periods/periods';

/** A window of whole calendar months, first days inclusive (yyyy-MM-01). */
export interface MonthWindow {
  from: string;
  to: string;
}

/** The first day of the month `day` falls in, moved by `months`. */
export const monthOf = (day: string, months = 0): string => monthStart(monthIndexOf(day) + months);

/**
 * The official window for a scored month (the month just completed, yyyy-MM-01): it and the N - 1 months before
 * it, so the score taken in July for June covers January to June.
 */
export function officialWindow(scoredMonth: string, windowMonths: number): MonthWindow {
  const last = monthIndexOf(scoredMonth);
  return { from: monthStart(last - windowMonths + 1), to: monthStart(last) };
}

/** The live window on `today`: the current month so far and the N - 1 months before it. */
export const liveWindow = (today: string, windowMonths: number): MonthWindow =>
  officialWindow(monthOf(today), windowMonths);

/** The month a score taken on `today` is for: the one just completed. */
export const lastCompletedMonth = (today: string): string => monthOf(today, -1);

/** The months from `from` to `to`, first days, inclusive (none when `from` is later). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let i = monthIndexOf(from); i <= monthIndexOf(to); i++) months.push(monthStart(i));
  return months;
}
