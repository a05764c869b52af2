import { DEFAULT_TIME_FORMAT, formatWallTime, type TimeFormat } from './time-format';
// No zod here: the public chapter pages print this line as they start.

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** "Tuesdays at 7:00 AM · Loveland Public Library" (times the chapter's way), or what is set of it; null when nothing is. */
export function meetingLine(chapter: {
  meetingWeekday: number | null;
  meetingTime: string | null;
  meetingPlace: string | null;
  timeFormat: TimeFormat | null;
}): string | null {
  const day = chapter.meetingWeekday === null ? null : `${WEEKDAYS[chapter.meetingWeekday]}s`;
  const time =
    chapter.meetingTime && formatWallTime(chapter.meetingTime, chapter.timeFormat ?? DEFAULT_TIME_FORMAT);
  const when = [day, time && `at ${time}`].filter(Boolean).join(' ');
  return [when, chapter.meetingPlace].filter(Boolean).join(' · ') || null;
}
