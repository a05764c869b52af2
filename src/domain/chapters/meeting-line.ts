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

/** "Tuesdays at 07:00 · Loveland Public Library", or what is set of it; null when nothing is. */
export function meetingLine(chapter: {
  meetingWeekday: number | null;
  meetingTime: string | null;
  meetingPlace: string | null;
}): string | null {
  const day = chapter.meetingWeekday === null ? null : `${WEEKDAYS[chapter.meetingWeekday]}s`;
  const when = [day, chapter.meetingTime && `at ${chapter.meetingTime}`].filter(Boolean).join(' ');
  return [when, chapter.meetingPlace].filter(Boolean).join(' · ') || null;
}
