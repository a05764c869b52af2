import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { todayIn } from '../../../domain/dates';
import type { PublicReferralCounts } from '../../../domain/members/contracts';
import type { Period } from '../../../domain/periods/periods';
import type { BatchReferralMetrics, PeriodMetrics, ReferralEvent } from '../../../domain/referrals/contracts';
import { EMPTY_TOTALS, type ReferralTotals, referralMetrics } from '../../../domain/referrals/metrics';
import { canSeeRevenueOf } from '../../../domain/referrals/policy';
import type { Role } from '../../../domain/roles/roles';
import { type ChapterActor, chapterScopeOf } from '../../db/chapter-scope';
import { effectiveDefaultDues } from '../../db/chapter-settings';
import type { Database } from '../../db/client';
import { moneyTotal } from '../../db/money-sql';
import { anyOfIds, preparedQuery } from '../../db/prepared';
import { memberTotals, referralEvents, users } from '../../db/schema';
import { periodFiguresOf } from '../member-totals/member-months';

/**
 * Approved-referral totals per member for one id or many, in one query, read from the kept all-time
 * totals (a row per member, by key): given/revenue received as the referrer, received/revenue given as
 * the recipient. Guests and unknown ids are absent.
 */
export async function referralTotals(
  db: Database,
  memberIds: readonly string[],
): Promise<Map<string, ReferralTotals>> {
  const rows = await totalRowsOf(db, memberIds);
  return new Map(rows.map(({ id, chapterId: _chapter, ...totals }) => [id, totals]));
}

/** The kept totals' rows, each with the member's chapter. */
async function totalRowsOf(db: Database, memberIds: readonly string[]) {
  if (memberIds.length === 0) return [];
  return totalsQuery(db).execute({ ids: [...memberIds] });
}

const totalsQuery = preparedQuery((db) =>
  db
    .select({
      id: users.id,
      chapterId: users.chapterId,
      referralsGiven: sql<number>`coalesce(${memberTotals.givenCount}, 0)`,
      referralsReceived: sql<number>`coalesce(${memberTotals.receivedCount}, 0)`,
      revenueReceived: moneyTotal(sql`${memberTotals.givenAmount}`),
      revenueGiven: moneyTotal(sql`${memberTotals.receivedAmount}`),
    })
    .from(users)
    .leftJoin(memberTotals, eq(memberTotals.memberId, users.id))
    .where(and(anyOfIds(users.id), ne(users.role, 'GUEST')))
    .prepare('referral_totals'),
);

/** The public profile's counts: approved referrals given and received. */
export async function approvedReferralCounts(
  db: Database,
  memberIds: readonly string[],
): Promise<Map<string, PublicReferralCounts>> {
  const totals = await referralTotals(db, memberIds);
  return new Map(
    [...totals].map(([id, t]) => [
      id,
      { referralsGiven: t.referralsGiven, referralsReceived: t.referralsReceived },
    ]),
  );
}

/**
 * POST /api/referrals/metrics/batch: each asked-for member's counts, keyed by id (guests and unknown ids
 * absent), with revenue only where the viewer may see it. The route reaches every chapter (referrals cross
 * them), so the viewer's own chapters are checked here, per member.
 */
export async function batchReferralMetrics(
  db: Database,
  viewer: ChapterActor & { id: string; role: Role },
  ids: readonly string[],
): Promise<BatchReferralMetrics> {
  const scope = chapterScopeOf(viewer);
  const inViewersChapters = (chapterId: string | null) =>
    scope.all || (chapterId !== null && scope.chapterIds.includes(chapterId));
  const rows = await totalRowsOf(db, ids);
  return Object.fromEntries(
    rows.map(({ id, chapterId, revenueReceived, revenueGiven, ...counts }) => [
      id,
      canSeeRevenueOf(viewer, { id, inViewersChapters: inViewersChapters(chapterId) })
        ? { ...counts, revenueReceived, revenueGiven }
        : counts,
    ]),
  );
}

/**
 * My Referral Metrics tab: totals, commission, dues and ROI over `period` (all time by default) with the
 * period before beside them, from one query for the figures (the all-time row, or my kept months) and
 * one each for my rate and the network's dues.
 */
export async function memberReferralMetrics(
  db: Database,
  userId: string,
  period: Period = 'all',
  today: string = todayIn(),
): Promise<PeriodMetrics> {
  const [[member], allTime, months] = await Promise.all([
    // Dues default to the member's chapter's, else the agency's (docs/decisions/0032).
    db
      .select({
        commissionPercent: users.commissionPercent,
        annualDuesOverride: users.annualDuesOverride,
        defaultAnnualDues: effectiveDefaultDues(users.chapterId),
      })
      .from(users)
      .where(eq(users.id, userId)),
    period === 'all' ? referralTotals(db, [userId]) : undefined,
    periodFiguresOf(db, userId, period, today),
  ]);
  const metricsOf = (totals: ReferralTotals, duesMonths?: number) =>
    referralMetrics(
      totals,
      member ?? { commissionPercent: '0', annualDuesOverride: null },
      member?.defaultAnnualDues ?? null,
      duesMonths,
    );
  if (!months)
    return {
      ...metricsOf(allTime?.get(userId) ?? EMPTY_TOTALS),
      period,
      from: null,
      to: null,
      previous: null,
    };
  const { current, previous } = months;
  return {
    ...metricsOf(current.referrals, current.range.duesMonths),
    period,
    from: current.range.from,
    to: current.range.to,
    previous: metricsOf(previous.referrals, previous.range.duesMonths),
  };
}

/** A referral's history, oldest first, with who did each thing. */
export async function referralHistory(db: Database, referralId: string): Promise<ReferralEvent[]> {
  const rows = await db
    .select({
      id: referralEvents.id,
      kind: referralEvents.kind,
      changes: referralEvents.changes,
      createdAt: referralEvents.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(referralEvents)
    .leftJoin(users, eq(users.id, referralEvents.actorId))
    .where(eq(referralEvents.referralId, referralId))
    .orderBy(asc(referralEvents.createdAt), asc(referralEvents.id));
  return rows.map(({ firstName, lastName, createdAt, ...event }) => ({
    ...event,
    actorName: [firstName, lastName].filter(Boolean).join(' ') || null,
    createdAt: createdAt.toISOString(),
  }));
}
