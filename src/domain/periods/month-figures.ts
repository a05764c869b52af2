import type { StatusCounts } from '../attendance/stats';
import { centsToDecimal, parseCents } from '../money';
import type { ReferralTotals } from '../referrals/metrics';
import type { MonthRange } from './periods';

/** One member's kept figures for one month (member_month_totals), money as decimal text. */
export interface MonthFigures {
  month: string;
  givenCount: number;
  givenAmount: string;
  receivedCount: number;
  receivedAmount: string;
  present: number;
  absent: number;
  excused: number;
  late: number;
  substitute: number;
}

export type AttendanceCountsOver = StatusCounts;

/**
 * The referral totals and attendance counts of the months inside `range` (first days compared as
 * text). Given as the referrer brings revenue received; received as the recipient, revenue given.
 * Money adds in whole cents.
 */
export function figuresOver(
  rows: readonly MonthFigures[],
  range: MonthRange,
): { referrals: ReferralTotals; attendance: AttendanceCountsOver } {
  const inside = rows.filter((r) => r.month >= range.from && r.month <= range.to);
  const sum = (pick: (r: MonthFigures) => number) => inside.reduce((n, r) => n + pick(r), 0);
  return {
    referrals: {
      referralsGiven: sum((r) => r.givenCount),
      referralsReceived: sum((r) => r.receivedCount),
      revenueReceived: centsToDecimal(sum((r) => parseCents(r.givenAmount) ?? 0)),
      revenueGiven: centsToDecimal(sum((r) => parseCents(r.receivedAmount) ?? 0)),
    },
    attendance: {
      totalPresent: sum((r) => r.present),
      totalAbsent: sum((r) => r.absent),
      totalExcused: sum((r) => r.excused),
      totalLate: sum((r) => r.late),
      totalSubstitute: sum((r) => r.substitute),
    },
  };
}
