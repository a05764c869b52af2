/**
 * No zod here: the dashboard's first tab reads these as it starts (its schema is in period-query.ts).
 *
 * The spans a member's figures can be seen over, each beside the one before it. Months are
 * the chapter's calendar months (its time zone decides today); figures are kept per month, so every span is whole months.
 */
export const PERIODS = ['month', 'quarter', 'ytd', 'year', 'all'] as const;
export type Period = (typeof PERIODS)[number];
/** A period from the address, all time for anything else. */
export const asPeriod = (value: string): Period =>
  (PERIODS as readonly string[]).includes(value) ? (value as Period) : 'all';

export const PERIOD_LABELS: Record<Period, string> = {
  month: 'This month',
  quarter: 'This quarter',
  ytd: 'Year to date',
  year: 'Last 12 months',
  all: 'All time',
};

/** What the figure beside each period's is ("vs last month"). */
export const PREVIOUS_LABELS: Record<Exclude<Period, 'all'>, string> = {
  month: 'last month',
  quarter: 'last quarter',
  ytd: 'the same months last year',
  year: 'the 12 months before',
};

/** Whole months, first days inclusive (yyyy-MM-01), and how many months of dues the span carries. */
export interface MonthRange {
  from: string;
  to: string;
  duesMonths: number;
}

/** A month as a count of months (year * 12 + month - 1), so months add and compare as numbers. */
export const monthIndexOf = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
/** The first day (yyyy-MM-01) of the month `monthIndexOf` counted. */
export const monthStart = (index: number) =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
const range = (from: number, to: number, duesMonths = to - from + 1): MonthRange => ({
  from: monthStart(from),
  to: monthStart(to),
  duesMonths,
});

/**
 * The period around `today` (yyyy-MM-dd, the chapter's) and the one before it: this month and last
 * month; this quarter (its three months' dues) and the whole quarter before; January to this month and
 * the same months a year earlier; the twelve months to this one and the twelve before. All time has no
 * bounds and nothing before it.
 */
export function periodRanges(
  period: Period,
  today: string,
): { current: MonthRange | null; previous: MonthRange | null } {
  const now = monthIndexOf(today);
  switch (period) {
    case 'month':
      return { current: range(now, now), previous: range(now - 1, now - 1) };
    case 'quarter': {
      const start = now - (now % 3);
      return { current: range(start, now, 3), previous: range(start - 3, start - 1) };
    }
    case 'ytd': {
      const january = now - (now % 12);
      return { current: range(january, now), previous: range(january - 12, now - 12) };
    }
    case 'year':
      return { current: range(now - 11, now), previous: range(now - 23, now - 12) };
    case 'all':
      return { current: null, previous: null };
  }
}

/** Which way a figure moved against the period before: its arrows read up, down or level. */
export function trend(current: number, previous: number): 'up' | 'down' | 'level' {
  if (current > previous) return 'up';
  if (current < previous) return 'down';
  return 'level';
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A span of months in words: "November 2026", "October – November 2026", "December 2025 – November 2026". */
export function monthRangeLabel(from: string, to: string): string {
  const name = (day: string) => MONTH_NAMES[Number(day.slice(5, 7)) - 1]!;
  const [fromYear, toYear] = [from.slice(0, 4), to.slice(0, 4)];
  if (from === to) return `${name(from)} ${fromYear}`;
  return fromYear === toYear
    ? `${name(from)} – ${name(to)} ${toYear}`
    : `${name(from)} ${fromYear} – ${name(to)} ${toYear}`;
}
