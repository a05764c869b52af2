import { and, count, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { MemberCounts } from '../../../domain/scorecard/score';
import { type MonthWindow, monthOf } from '../../../domain/scorecard/windows';
import type { Database, Transaction } from '../../db/client';
import { meetings, memberMonthTotals, users } from '../../db/schema';

const t = memberMonthTotals;
const summed = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::int`;

export interface CountedMember {
  memberId: string;
  chapterId: string;
  counts: MemberCounts;
}

/**
 * Every scored member's counts over a window, for the given chapters: two queries whatever their size. The counts
 * are the kept monthly totals (closed weeks only; approved referrals; held one-to-ones; CEUs, testimonials, visitor
 * credits; imported PALMS counts), summed over the window's months; holidays are each chapter's holiday weeks in
 * the window. A member is scored if they are not a guest (and, for a month's snapshot, joined before it ended).
 */
export async function memberCountsOver(
  db: Database | Transaction,
  chapterIds: readonly string[],
  window: MonthWindow,
  joinedBefore?: Date,
  memberId?: string,
): Promise<CountedMember[]> {
  if (chapterIds.length === 0) return [];
  const end = monthOf(window.to, 1);
  const [rows, holidays] = await Promise.all([
    db
      .select({
        memberId: users.id,
        chapterId: sql<string>`${users.chapterId}`,
        present: summed(t.present),
        absent: summed(t.absent),
        late: summed(t.late),
        medical: summed(t.excused),
        substitute: summed(t.substitute),
        referralsGiven: summed(t.givenCount),
        visitors: summed(t.visitors),
        oneToOnes: summed(t.oneToOnes),
        educationUnits: summed(t.educationUnits),
        testimonials: summed(t.testimonials),
        closedBusiness: sql<string>`coalesce(sum(${t.receivedAmount}), 0)::text`,
      })
      .from(users)
      .leftJoin(t, and(eq(t.memberId, users.id), gte(t.month, window.from), lt(t.month, end)))
      .where(
        and(
          inArray(users.chapterId, [...chapterIds]),
          ne(users.role, 'GUEST'),
          joinedBefore ? lt(users.createdAt, joinedBefore) : undefined,
          memberId ? eq(users.id, memberId) : undefined,
        ),
      )
      .groupBy(users.id)
      .orderBy(users.id),
    db
      .select({ chapterId: meetings.chapterId, n: count() })
      .from(meetings)
      .where(
        and(
          inArray(meetings.chapterId, [...chapterIds]),
          eq(meetings.state, 'holiday'),
          gte(meetings.meetingDate, window.from),
          lt(meetings.meetingDate, end),
        ),
      )
      .groupBy(meetings.chapterId),
  ]);
  const holidaysOf = new Map(holidays.map((h) => [h.chapterId, h.n]));
  return rows.map(({ memberId: id, chapterId, closedBusiness, ...c }) => ({
    memberId: id,
    chapterId,
    counts: { ...c, closedBusiness: Number(closedBusiness), holidays: holidaysOf.get(chapterId) ?? 0 },
  }));
}
