// No zod here: the public chapter pages and the door screen print times as they start.

/** How a chapter writes the time of day: 7:05 AM or 07:05. */
export const TIME_FORMATS = ['12h', '24h'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];

/** A chapter that has not chosen writes times as its members in the US read them. */
export const DEFAULT_TIME_FORMAT: TimeFormat = '12h';

export const TIME_FORMAT_LABELS: Record<TimeFormat, string> = {
  '12h': '12-hour (7:05 AM)',
  '24h': '24-hour (07:05)',
};

/** A wall-clock time kept as HH:MM ('07:05', a meeting's start) written the chapter's way. */
export function formatWallTime(hhmm: string, format: TimeFormat): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!match) return hhmm;
  const hours = Number(match[1]);
  if (format === '24h') return `${String(hours).padStart(2, '0')}:${match[2]}`;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}
