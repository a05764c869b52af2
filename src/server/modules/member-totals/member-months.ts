import { and, eq, gte, sql } from 'drizzle-orm';
import {
  type AttendanceCountsOver,
  figuresOver,
  type MonthFigures,
} from '../../../domain/periods/month-figures';
import { type MonthRange, type Period, periodRanges } from '../../../domain/periods/periods';
import type { ReferralTotals } from '../../../domain/referrals/metrics';
import type { Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { memberMonthTotals } from '../../db/schema';

const t = memberMonthTotals;

/** One member's kept months from `from` on: at most 24 rows by key (member_month_totals' primary key). */
const monthsQuery = preparedQuery((db: Database) =>
  db
    .select({
      month: t.month,
      givenCount: t.givenCount,
      givenAmount: sql<string>`round(${t.givenAmount}, 2)::text`,
      receivedCount: t.receivedCount,
      receivedAmount: sql<string>`round(${t.receivedAmount}, 2)::text`,
      present: t.present,
      absent: t.absent,
      excused: t.excused,
      late: t.late,
      substitute: t.substitute,
    })
    .from(t)
    .where(and(eq(t.memberId, sql.placeholder('id')), gte(t.month, sql.placeholder('from'))))
    .prepare('member_months'),
);

export interface PeriodFigures {
  range: MonthRange;
  referrals: ReferralTotals;
  attendance: AttendanceCountsOver;
}

/**
 * A member's figures over `period` and the period before it, in one read of their kept months (issue
 * 41.4); null for all time, which reads the all-time row instead.
 */
export async function periodFiguresOf(
  db: Database,
  memberId: string,
  period: Period,
  today: string,
): Promise<{ current: PeriodFigures; previous: PeriodFigures } | null> {
  const { current, previous } = periodRanges(period, today);
  if (!current || !previous) return null;
  const rows: MonthFigures[] = await monthsQuery(db).execute({ id: memberId, from: previous.from });
  return {
    current: { range: current, ...figuresOver(rows, current) },
    previous: { range: previous, ...figuresOver(rows, previous) },
  };
}
