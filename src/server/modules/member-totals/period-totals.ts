import { sql } from 'drizzle-orm';
import { type Period, periodRanges } from '../../../domain/periods/periods';
import { asSystem } from '../../db/chapter-lock';
import { type Database, selectRows } from '../../db/client';

/** The periods whose sums member_period_totals keeps (all time is member_totals'). */
export const KEPT_PERIODS = ['month', 'quarter', 'ytd', 'year'] as const satisfies readonly Period[];

interface KeptRange {
  period: string;
  from: string;
  to: string;
}

/** The kept periods' months around `today` (yyyy-MM-dd), as `refresh_member_period_totals` takes them. */
export const keptPeriodRanges = (today: string): KeptRange[] =>
  KEPT_PERIODS.map((period) => {
    const range = periodRanges(period, today).current!;
    return { period, from: range.from, to: range.to };
  });

const sameRanges = (a: KeptRange[], b: KeptRange[]) => {
  const text = (ranges: KeptRange[]) =>
    ranges
      .map((r) => `${r.period} ${r.from} ${r.to}`)
      .sort()
      .join('|');
  return text(a) === text(b);
};

/** Moves the kept sums to the periods around `today`; false when another caller had moved them already. */
export async function movePeriodTotals(db: Pick<Database, 'execute'>, today: string): Promise<boolean> {
  const [row] = await selectRows<{ moved: boolean }>(
    db,
    sql`select refresh_member_period_totals(${JSON.stringify(keptPeriodRanges(today))}::jsonb) as moved`,
  );
  return row?.moved === true;
}

/** Per database: a move under way. */
const moving = new WeakMap<object, Promise<unknown>>();

/**
 * Whether member_period_totals holds the periods around `today` (four rows read by key: read every time, not
 * remembered, since another server may move them). When it does not (the first read of a new month), the sums
 * are moved in the background, as the system's work, and this read adds up the months itself.
 */
export async function periodTotalsKept(
  db: Database,
  today: string,
  warn: (error: unknown) => void = () => {},
): Promise<boolean> {
  const kept = await selectRows<KeptRange>(
    db,
    sql`select period, from_month::text as "from", to_month::text as "to" from period_total_ranges`,
  );
  if (sameRanges(kept, keptPeriodRanges(today))) return true;
  if (!moving.has(db)) {
    const move = asSystem(() => movePeriodTotals(db, today))
      .catch(warn)
      .finally(() => moving.delete(db));
    moving.set(db, move);
  }
  return false;
}
