import { and, eq, gte, lte, type SQLWrapper, sql } from 'drizzle-orm';
import { todayIn } from '../../../domain/dates';
import { type Period, periodRanges } from '../../../domain/periods/periods';
import type { Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { attendanceOrderOf, memberMonthTotals, memberTotals } from '../../db/schema';
import { type ChapterScope, inChapterScope } from '../chapters/chapter-scope';

const mt = memberTotals;

/** All time: the kept row itself, built once per database (it is on every roster request). */
const allTimeFigures = preparedQuery((db: Database) =>
  db
    .select({
      memberId: mt.memberId,
      givenCount: sql<number>`${mt.givenCount}`.as('given_count'),
      receivedCount: sql<number>`${mt.receivedCount}`.as('received_count'),
      present: sql<number>`${mt.present}`.as('present'),
      absent: sql<number>`${mt.absent}`.as('absent'),
      late: sql<number>`${mt.late}`.as('late'),
      substitute: sql<number>`${mt.substitute}`.as('substitute'),
      attendanceOrder: sql<string>`${mt.attendanceOrder}`.as('attendance_order'),
      referralCount: sql<number>`${mt.referralCount}`.as('referral_count'),
    })
    .from(mt)
    .as('figures'),
);

/**
 * Each member's figures for the roster over `period`, one row per member (every member has a
 * member_totals row), as a subquery the roster joins by member. All time reads the kept row itself, a
 * plain select PostgreSQL folds into the join, so the roster walks member_totals' sort indexes a page at
 * a time; a period adds up the kept months inside it of every member in `scope` (only the chapter's, for a
 * chapter's roster, found through member_totals' chapter index), summed for a page sorted by those sums.
 */
export function rosterFigures(db: Database, period: Period, scope: ChapterScope, today?: string) {
  if (period === 'all') return allTimeFigures(db);
  const range = periodRanges(period, today ?? todayIn()).current;
  if (!range) return allTimeFigures(db);
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

export type RosterFigures = ReturnType<typeof rosterFigures>;
