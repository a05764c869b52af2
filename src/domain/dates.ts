/**
 * Calendar dates ('yyyy-MM-dd') as the chapter sees them. Meetings and sales happen in the chapter's
 * time zone, so "today" is today there, not on the server's clock or in UTC.
 */
export const CHAPTER_TIME_ZONE = 'America/Denver';

/**
 * The earliest sale or meeting date anyone may write. The network's records start long after it; a
 * year like 0100 is a typo that would sit first in every history sorted by date.
 */
export const EARLIEST_DATE = '2000-01-01';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar date written as yyyy-MM-dd (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one, and its
 * native memory waits for a full garbage collection (5,000 imported dates once held 300 MB).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(kind: 'day' | 'clock', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format =
      kind === 'day'
        ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
            second: 'numeric',
          });
    formats.set(key, format);
  }
  return format;
}

/** Today's date in `timeZone` as yyyy-MM-dd ('en-CA' formats dates exactly so). */
export function todayIn(timeZone: string = CHAPTER_TIME_ZONE, now: Date = new Date()): string {
  return formatIn('day', timeZone).format(now);
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in milliseconds (negative west of Greenwich). */
export function zoneOffsetMs(timeZone: string, at: Date): number {
  const format = formatIn('clock', timeZone);
  const part = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time (`date` yyyy-MM-dd, `time` HH:MM) happens in `timeZone`, e.g. a meeting's
 * start in the chapter's zone: 2026-11-24 07:00 in America/Denver is 14:00 UTC.
 */
export function zonedInstant(date: string, time: string, timeZone: string = CHAPTER_TIME_ZONE): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, min);
  // Two rounds settle the offset on either side of a daylight-saving change.
  let instant = wall - zoneOffsetMs(timeZone, new Date(wall));
  instant = wall - zoneOffsetMs(timeZone, new Date(instant));
  return new Date(instant);
}
