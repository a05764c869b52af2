/**
 * Dates as members read them: "Nov 20, 2026" (medium) or "November 20, 2026" (long). A calendar date
 * ('2026-11-20', a sale or meeting day) is shown as that day everywhere: read as UTC midnight and
 * formatted in UTC, it cannot slip to the day before in Colorado.
 */
export function formatDate(iso: string, style: 'medium' | 'long' = 'medium'): string {
  const calendarDay = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  return new Date(iso).toLocaleDateString('en-US', {
    dateStyle: style,
    ...(calendarDay ? { timeZone: 'UTC' } : {}),
  });
}

/** "7:05 AM" in `timeZone` (a chapter's clock), for an instant. */
export function formatClockTime(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
}
