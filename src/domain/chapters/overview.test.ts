import { describe, expect, it } from 'vitest';
import { type ChapterOverviewRow, monthLabel, overviewMonths, overviewValue, sortOverview } from './overview';

describe('the agency overview months', () => {
  it('is this month and the six before it, oldest first, across a year end', () => {
    expect(overviewMonths('2026-11-26')).toEqual([
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
    ]);
    expect(overviewMonths('2027-02-03')).toEqual([
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ]);
  });

  it("adds a chapter's revenue over the months in cents", () => {
    const r = { referrals: [1, 2], revenue: ['0.10', '0.20'] } as ChapterOverviewRow;
    expect(overviewValue(r, 'revenueTotal', 0)).toBe(30);
    expect(overviewValue(r, 'revenue', 1)).toBe(20);
    expect(overviewValue(r, 'referralsTotal', 0)).toBe(3);
  });

  it('labels a month as people read it', () => {
    expect(monthLabel('2026-11-01')).toBe('Nov 2026');
    expect(monthLabel('2027-01-01')).toBe('Jan 2027');
  });
});

describe('sorting the agency overview', () => {
  const row = (name: string, over: Partial<ChapterOverviewRow>): ChapterOverviewRow => ({
    id: name,
    name,
    slug: name.toLowerCase(),
    members: 0,
    openSeats: 0,
    pendingApplications: 0,
    attendanceRate: null,
    referrals: [0, 0],
    revenue: ['0.00', '0.00'],
    ...over,
  });
  const rows = [
    row('Greeley', { members: 12, attendanceRate: 80, referrals: [5, 1], revenue: ['900.00', '10.00'] }),
    row('Fort Collins', {
      members: 30,
      attendanceRate: null,
      referrals: [1, 4],
      revenue: ['20.00', '1000.50'],
    }),
    row('Loveland', { members: 12, attendanceRate: 95.5, referrals: [0, 2], revenue: ['0.00', '99.99'] }),
  ];
  const names = (sorted: ChapterOverviewRow[]) => sorted.map((r) => r.name);

  it('sorts by name, and by a number either way with ties by name', () => {
    expect(names(sortOverview(rows, 'name', 'asc', 1))).toEqual(['Fort Collins', 'Greeley', 'Loveland']);
    expect(names(sortOverview(rows, 'members', 'desc', 1))).toEqual(['Fort Collins', 'Greeley', 'Loveland']);
    expect(names(sortOverview(rows, 'members', 'asc', 1))).toEqual(['Greeley', 'Loveland', 'Fort Collins']);
  });

  it('puts a chapter without an attendance rate last, whichever way', () => {
    expect(names(sortOverview(rows, 'attendanceRate', 'desc', 1))).toEqual([
      'Loveland',
      'Greeley',
      'Fort Collins',
    ]);
    expect(names(sortOverview(rows, 'attendanceRate', 'asc', 1))).toEqual([
      'Greeley',
      'Loveland',
      'Fort Collins',
    ]);
  });

  it('sorts the month columns by the month picked, and the totals over every month', () => {
    expect(names(sortOverview(rows, 'referrals', 'desc', 1))).toEqual([
      'Fort Collins',
      'Loveland',
      'Greeley',
    ]);
    expect(names(sortOverview(rows, 'referrals', 'desc', 0))).toEqual([
      'Greeley',
      'Fort Collins',
      'Loveland',
    ]);
    expect(names(sortOverview(rows, 'revenue', 'desc', 1))).toEqual(['Fort Collins', 'Loveland', 'Greeley']);
    // Totals: Greeley 6 / 910.00, Fort Collins 5 / 1020.50, Loveland 2 / 99.99.
    expect(names(sortOverview(rows, 'referralsTotal', 'desc', 1))).toEqual([
      'Greeley',
      'Fort Collins',
      'Loveland',
    ]);
    expect(names(sortOverview(rows, 'revenueTotal', 'desc', 1))).toEqual([
      'Fort Collins',
      'Greeley',
      'Loveland',
    ]);
  });
});
