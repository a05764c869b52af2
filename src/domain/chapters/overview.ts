import { z } from 'zod';
import { parseCents } from '../money';

/** The overview's months: this one and the six before it. */
export const OVERVIEW_MONTHS = 7;

/** The first days of the overview's months for `today` (yyyy-MM-dd), oldest first: ['2026-05-01', ..., '2026-11-01']. */
export function overviewMonths(today: string): string[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: OVERVIEW_MONTHS }, (_, i) => {
    const index = y * 12 + (m - 1) - (OVERVIEW_MONTHS - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  });
}

/** "Nov 2026" for '2026-11-01'. */
export function monthLabel(firstDay: string): string {
  const [y, m] = firstDay.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const chapterOverviewRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  members: z.number(),
  openSeats: z.number(),
  pendingApplications: z.number(),
  /** Present / (present + absent) over the last six months, as a percent with one decimal; null before any meeting. */
  attendanceRate: z.number().nullable(),
  /** Approved referrals with a party in the chapter, and their amount, per month (the `months` order). */
  referrals: z.array(z.number()),
  revenue: z.array(z.string()),
});
export type ChapterOverviewRow = z.infer<typeof chapterOverviewRowSchema>;

/** GET /api/agency/overview */
export const agencyOverviewSchema = z.object({
  months: z.array(z.string()),
  chapters: z.array(chapterOverviewRowSchema),
});
export type AgencyOverview = z.infer<typeof agencyOverviewSchema>;

export const OVERVIEW_SORTS = [
  'name',
  'members',
  'openSeats',
  'pendingApplications',
  'attendanceRate',
  'referrals',
  'revenue',
  'referralsTotal',
  'revenueTotal',
] as const;
export type OverviewSort = (typeof OVERVIEW_SORTS)[number];

/**
 * The value a row sorts by (money in cents): `month` picks the month of the month columns. Null sorts last
 * either way.
 */
export function overviewValue(
  row: ChapterOverviewRow,
  sort: OverviewSort,
  month: number,
): string | number | null {
  switch (sort) {
    case 'name':
      return row.name.toLowerCase();
    case 'referrals':
      return row.referrals[month] ?? 0;
    case 'revenue':
      return parseCents(row.revenue[month] ?? '0') ?? 0;
    case 'referralsTotal':
      return row.referrals.reduce((sum, n) => sum + n, 0);
    case 'revenueTotal':
      return row.revenue.reduce((sum, n) => sum + (parseCents(n) ?? 0), 0);
    default:
      return row[sort];
  }
}

/** The rows in the order asked, ties by name: a new array. */
export function sortOverview(
  rows: readonly ChapterOverviewRow[],
  sort: OverviewSort,
  dir: 'asc' | 'desc',
  month: number,
): ChapterOverviewRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = overviewValue(a, sort, month);
    const y = overviewValue(b, sort, month);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * sign;
    }
    return a.name.localeCompare(b.name);
  });
}
