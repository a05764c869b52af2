/** The calendar days of a quarter (`2026-Q4` -> 2026-10-01 .. 2026-12-31). */
export function quarterDays(quarter: string): { from: string; to: string } {
  const [year, q] = quarter.split('-Q').map(Number) as [number, number];
  const firstMonth = (q - 1) * 3 + 1;
  const lastDay = new Date(Date.UTC(year, firstMonth + 2, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { from: `${year}-${pad(firstMonth)}-01`, to: `${year}-${pad(firstMonth + 2)}-${pad(lastDay)}` };
}

/** The quarter a yyyy-MM-dd date falls in. */
export const quarterOf = (date: string): string =>
  `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;

/** The quarter before this one. */
export function previousQuarter(quarter: string): string {
  const [year, q] = quarter.split('-Q').map(Number) as [number, number];
  return q === 1 ? `${year - 1}-Q4` : `${year}-Q${q - 1}`;
}
