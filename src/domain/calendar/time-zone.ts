import { zoneOffsetMs } from '../dates';

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in whole minutes (negative west of Greenwich). */
export const offsetMinutes = (timeZone: string, at: Date): number =>
  Math.round(zoneOffsetMs(timeZone, at) / 60_000);

/** One change of a zone's offset: the instant it happens and the offsets either side, in minutes. */
export interface OffsetChange {
  at: Date;
  from: number;
  to: number;
}

const HOUR = 3_600_000;

/**
 * The offset changes of `timeZone` during `year` (daylight saving starting and ending), found by stepping
 * through the year a day at a time and narrowing each change down to the minute. Empty for a zone without them.
 */
export function offsetChanges(timeZone: string, year: number): OffsetChange[] {
  const changes: OffsetChange[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  let before = Date.UTC(year, 0, 1);
  let offset = offsetMinutes(timeZone, new Date(before));
  for (let next = before + 24 * HOUR; next <= end; next += 24 * HOUR) {
    const nextOffset = offsetMinutes(timeZone, new Date(next));
    if (nextOffset !== offset) {
      let low = before;
      let high = next;
      while (high - low > 60_000) {
        const middle = low + Math.floor((high - low) / 120_000) * 60_000;
        if (offsetMinutes(timeZone, new Date(middle)) === offset) low = middle;
        else high = middle;
      }
      changes.push({ at: new Date(high), from: offset, to: nextOffset });
      offset = nextOffset;
    }
    before = next;
  }
  return changes;
}
