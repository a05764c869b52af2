/** Dates as members read them: "Nov 20, 2026" (medium) or "November 20, 2026" (long). */
export function formatDate(iso: string, style: 'medium' | 'long' = 'medium'): string {
  return new Date(iso).toLocaleDateString('en-US', { dateStyle: style });
}
