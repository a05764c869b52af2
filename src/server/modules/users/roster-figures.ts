import { and, eq, gte, lte, type SQLWrapper, sql } from 'drizzle-orm';
import { todayIn } from '../../../domain/dates';
import { type Period, periodRanges } from '../../../domain/periods/periods';
import { type ChapterScope, inChapterScope } from '../../db/chapter-scope';
import type { Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { attendanceOrderOf, memberMonthTotals, memberPeriodTotals, memberTotals } from '../../db/schema';
import { periodTotalsKept } from '../member-totals/period-totals';

/**
 * The roster's figure columns from a table that keeps them: all time's row (member_totals) or a period's sums
 * (member_period_totals), which name them alike.
 */
const keptFigureColumns = (t: typeof memberTotals | typeof memberPeriodTotals) => ({
  memberId: t.memberId,
  givenCount: sql<number>`${t.givenCount}`.as('given_count'),
  receivedCount: sql<number>`${t.receivedCount}`.as('received_count'),
  present: sql<number>`${t.present}`.as('present'),
  absent: sql<number>`${t.absent}`.as('absent'),
  late: sql<number>`${t.late}`.as('late'),
  substitute: sql<number>`${t.substitute}`.as('substitute'),
  attendanceOrder: sql<string>`${t.attendanceOrder}`.as('attendance_order'),
  referralCount: sql<number>`${t.referralCount}`.as('referral_count'),
});

/** All time: the kept row itself, built once per database (it is on every roster request). */
export const allTimeFigures = preparedQuery((db: Database) =>
  db.select(keptFigureColumns(memberTotals)).from(memberTotals).as('figures'),
);

const mt = memberTotals;
const pt = memberPeriodTotals;

/** A kept period's sums, the same columns as all time's: a plain select PostgreSQL folds into the join. */
const keptPeriodFigures = (db: Database, period: Exclude<Period, 'all'>, scope: ChapterScope) =>
  db
    .select(keptFigureColumns(pt))
    .from(pt)
    // Narrowed to the chapter on this side too: a chapter's page is then a walk of its own part of the index.
    .where(and(eq(pt.period, period), inChapterScope(scope, pt.chapterId)))
    .as('figures');

/**
 * Each member's figures for the roster over `period`, one row per member, as a subquery the roster joins by
 * member. All time reads member_totals' kept row, a period member_period_totals' kept sums (docs/decisions/0048):
 * either way the roster walks a sort index a page at a time. Only on the first reads of a new month, until the
 * kept sums have moved to its periods (a second or two), does a period add up the kept months of every member
 * in `scope` (see summedPeriodFigures).
 */
export async function rosterFigures(
  db: Database,
  period: Period,
  scope: ChapterScope,
  { today = todayIn(), warn }: { today?: string; warn?: (error: unknown) => void } = {},
) {
  if (period === 'all') return allTimeFigures(db);
  if (await periodTotalsKept(db, today, warn)) return keptPeriodFigures(db, period, scope);
  return summedPeriodFigures(db, period, scope, today);
}

/**
 * A period's figures added up from the kept months of every member in `scope` (only the chapter's, for a
 * chapter's roster, found through member_totals' chapter index), summed for a page sorted by those sums.
 */
export function summedPeriodFigures(
  db: Database,
  period: Exclude<Period, 'all'>,
  scope: ChapterScope,
  today: string,
) {
  const range = periodRanges(period, today).current!;
  const m = memberMonthTotals;
  const total = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)::int`;
  return (
    db
      .select({
        memberId: mt.memberId,
        givenCount: total(m.givenCount).as('given_count'),
        receivedCount: total(m.receivedCount).as('received_count'),
        present: total(m.present).as('present'),
        absent: total(m.absent).as('absent'),
        late: total(m.late).as('late'),
        substitute: total(m.substitute).as('substitute'),
        attendanceOrder: sql<string>`${attendanceOrderOf(
          total(sql`${m.present} + ${m.late} + ${m.substitute}`),
          total(m.absent),
        )}`.as('attendance_order'),
        referralCount: total(sql`${m.givenCount} + ${m.receivedCount}`).as('referral_count'),
      })
      .from(mt)
      // Both sides narrowed to the chapter: its months in the period come off the chapter's month index
      // instead of every member's months in the period being read and joined.
      .leftJoin(
        m,
        and(
          eq(m.memberId, mt.memberId),
          gte(m.month, range.from),
          lte(m.month, range.to),
          inChapterScope(scope, m.chapterId),
        ),
      )
      .where(inChapterScope(scope, mt.chapterId))
      .groupBy(mt.memberId)
      .as('figures')
  );
}

export type RosterFigures = Awaited<ReturnType<typeof rosterFigures>>;
