/** "Thursday, November 26, 2026": a yyyy-MM-dd day as emails and the bell name it (the date itself, no zone). */
export const longDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
