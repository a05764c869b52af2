import { and, asc, count, eq, inArray, ne, sql, sum } from 'drizzle-orm';
import type { PublicReferralCounts } from '../../../domain/members/contracts';
import type { BatchReferralMetrics, ReferralEvent } from '../../../domain/referrals/contracts';
import { EMPTY_TOTALS, type ReferralTotals, referralMetrics } from '../../../domain/referrals/metrics';
import { canSeeRevenueOf } from '../../../domain/referrals/policy';
import type { Role } from '../../../domain/roles/roles';
import type { Database } from '../../db/client';
import { moneyTotal } from '../../db/money-sql';
import { networkSettings, referralEvents, referrals, users } from '../../db/schema';

/** Approved referrals per member on one side (`party`) for these ids: a range of that side's index each. */
function approvedBy(
  db: Database,
  party: typeof referrals.referrerId | typeof referrals.reporterId,
  ids: string[],
  name: string,
) {
  return db
    .select({
      id: sql<string>`${party}`.as(`${name}_id`),
      n: count().as(`${name}_n`),
      sum: sum(referrals.amount).as(`${name}_sum`),
    })
    .from(referrals)
    .where(and(eq(referrals.status, 'approved'), inArray(party, ids)))
    .groupBy(party)
    .as(name);
}

/**
 * Approved-referral totals per member for one id or many, in one query: given/revenue received as the
 * referrer, received/revenue given as the recipient (DESIGN section 6). Each side is summed from its own
 * index (referrals_referrer_status_idx, referrals_reporter_status_idx) for the asked ids only. Guests and
 * unknown ids are absent.
 */
export async function referralTotals(
  db: Database,
  memberIds: readonly string[],
): Promise<Map<string, ReferralTotals>> {
  if (memberIds.length === 0) return new Map();
  const ids = [...memberIds];
  const given = approvedBy(db, referrals.referrerId, ids, 'given');
  const received = approvedBy(db, referrals.reporterId, ids, 'received');
  const rows = await db
    .select({
      id: users.id,
      referralsGiven: sql<number>`coalesce(${given.n}, 0)::int`,
      referralsReceived: sql<number>`coalesce(${received.n}, 0)::int`,
      revenueReceived: moneyTotal(sql`${given.sum}`),
      revenueGiven: moneyTotal(sql`${received.sum}`),
    })
    .from(users)
    .leftJoin(given, eq(given.id, users.id))
    .leftJoin(received, eq(received.id, users.id))
    .where(and(inArray(users.id, ids), ne(users.role, 'GUEST')));
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
