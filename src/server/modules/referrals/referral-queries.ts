import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PublicReferralCounts } from '../../../domain/members/contracts';
import type { BatchReferralMetrics, ReferralEvent } from '../../../domain/referrals/contracts';
import { EMPTY_TOTALS, type ReferralTotals, referralMetrics } from '../../../domain/referrals/metrics';
import { canSeeRevenueOf } from '../../../domain/referrals/policy';
import type { Role } from '../../../domain/roles/roles';
import type { Database } from '../../db/client';
import { moneyTotal } from '../../db/money-sql';
import { memberMonthTotals, networkSettings, referralEvents, users } from '../../db/schema';

/**
 * Approved-referral totals per member for one id or many, in one query, summed from the kept monthly
 * totals (a row per member and month): given/revenue received as the referrer, received/revenue given as
 * the recipient (DESIGN section 6). Guests and unknown ids are absent.
 */
export async function referralTotals(
  db: Database,
  memberIds: readonly string[],
): Promise<Map<string, ReferralTotals>> {
  if (memberIds.length === 0) return new Map();
  const ids = [...memberIds];
  const t = memberMonthTotals;
  const rows = await db
    .select({
      id: users.id,
      referralsGiven: sql<number>`coalesce(sum(${t.givenCount}), 0)::int`,
      referralsReceived: sql<number>`coalesce(sum(${t.receivedCount}), 0)::int`,
      revenueReceived: moneyTotal(sql`sum(${t.givenAmount})`),
      revenueGiven: moneyTotal(sql`sum(${t.receivedAmount})`),
    })
    .from(users)
    .leftJoin(t, and(eq(t.memberId, users.id), inArray(t.memberId, ids)))
    .where(and(inArray(users.id, ids), ne(users.role, 'GUEST')))
    .groupBy(users.id);
  return new Map(rows.map(({ id, ...totals }) => [id, totals]));
}

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
 * absent), with revenue only where the viewer may see it.
 */
export async function batchReferralMetrics(
  db: Database,
  viewer: { id: string; role: Role },
  ids: readonly string[],
): Promise<BatchReferralMetrics> {
  const totals = await referralTotals(db, ids);
  return Object.fromEntries(
    [...totals].map(([id, { revenueReceived, revenueGiven, ...counts }]) => [
      id,
      canSeeRevenueOf(viewer, id) ? { ...counts, revenueReceived, revenueGiven } : counts,
    ]),
  );
}

/** My Referral Metrics tab: totals, commission, dues and ROI, from one query for the totals and one for settings. */
export async function memberReferralMetrics(db: Database, userId: string) {
  const [[member], [settings], totals] = await Promise.all([
    db
      .select({ commissionPercent: users.commissionPercent, annualDuesOverride: users.annualDuesOverride })
      .from(users)
      .where(eq(users.id, userId)),
    db.select({ defaultAnnualDues: networkSettings.defaultAnnualDues }).from(networkSettings).limit(1),
    referralTotals(db, [userId]),
  ]);
  return referralMetrics(
    totals.get(userId) ?? EMPTY_TOTALS,
    member ?? { commissionPercent: '0', annualDuesOverride: null },
    settings?.defaultAnnualDues ?? null,
  );
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
