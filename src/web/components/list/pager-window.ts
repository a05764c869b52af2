/**
 * The page numbers to show: the first, the last, and the current one with its neighbours; a gap
 * (null) where pages are skipped. A list of 10,000 rows gets seven buttons, not 1,112.
 */
export function pagerWindow(page: number, pageCount: number): (number | null)[] {
  const shown = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of sorted) {
    const last = out.at(-1);
    if (typeof last === 'number' && n - last > 1) out.push(n - last === 2 ? last + 1 : null);
    out.push(n);
  }
  return out;
}

export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** 'Showing 21 to 40 of 95' (the page is clamped to the last one there is). */
export function showingRange(page: number, pageSize: number, total: number, noun = ''): string {
  const suffix = noun ? ` ${noun}` : '';
  if (total === 0) return `Showing 0 of 0${suffix}`;
  const current = Math.min(Math.max(1, page), pageCountOf(total, pageSize));
  const from = (current - 1) * pageSize + 1;
  return `Showing ${from} to ${Math.min(current * pageSize, total)} of ${total}${suffix}`;
}
