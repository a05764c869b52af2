import type { TimeFormat } from '../../domain/chapters/time-format';
import { CHAPTER_TIME_ZONE } from '../../domain/dates';

/**
 * Dates as members read them: "Nov 20, 2026" (medium) or "November 20, 2026" (long). A calendar date
 * ('2026-11-20', a sale or meeting day) is shown as that day everywhere: read as UTC midnight and
 * formatted in UTC, it cannot slip to the day before in Colorado. An instant (a submission, a change) is
 * read on the network's clock, not the device's: the server paints pages too, and its day
 * must be the browser's day, or the page it sent is not the page the browser draws.
 */
export function formatDate(iso: string, style: 'medium' | 'long' = 'medium'): string {
  const calendarDay = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  return formatter(`${style}:${calendarDay}`, () => ({
    dateStyle: style,
    timeZone: calendarDay ? 'UTC' : CHAPTER_TIME_ZONE,
  })).format(new Date(iso));
}

/** "Nov 20, 2026, 7:05 AM" on the network's clock, for an instant (an audit entry). */
export function formatDateTime(iso: string): string {
  return formatter('date-time', () => ({
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: CHAPTER_TIME_ZONE,
  })).format(new Date(iso));
}

/** "November 2026" on the network's clock, for an instant (when a member joined). */
export function formatMonthYear(iso: string): string {
  return formatter('month-year', () => ({
    month: 'long',
    year: 'numeric',
    timeZone: CHAPTER_TIME_ZONE,
  })).format(new Date(iso));
}

/**
 * "7:05 AM" or "07:05" (the chapter's way of writing times) on `timeZone` (the chapter's clock, never the
 * device's), for an instant.
 */
export function formatClockTime(iso: string, timeZone: string, timeFormat: TimeFormat): string {
  return formatter(`clock:${timeZone}:${timeFormat}`, () => ({
    hour: timeFormat === '24h' ? '2-digit' : 'numeric',
    minute: '2-digit',
    hourCycle: timeFormat === '24h' ? 'h23' : 'h12',
    timeZone,
  })).format(new Date(iso));
}

// toLocaleDateString with options builds a new Intl formatter on every call: a long list of dates spent
// most of a dashboard's first render there on a phone. One formatter per set of options.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: () => Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', options());
    formatters.set(key, format);
  }
  return format;
}
