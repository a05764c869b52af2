import { and, asc, desc, eq, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PublicReferralCounts } from '../../../domain/members/contracts';
import type {
  BatchReferralMetrics,
  Referral,
  ReferralEvent,
  ReferralListQuery,
  ReferralProposal,
} from '../../../domain/referrals/contracts';
import { EMPTY_TOTALS, type ReferralTotals, referralMetrics } from '../../../domain/referrals/metrics';
import { canSeeRevenueOf } from '../../../domain/referrals/policy';
import type { Role } from '../../../domain/roles/roles';
import type { Database } from '../../db/client';
import { moneyTotal } from '../../db/money-sql';
import { networkSettings, referralEvents, referralProposals, referrals, users } from '../../db/schema';

const referrer = alias(users, 'referrer');
const reporter = alias(users, 'reporter');

/** A referral with both parties' names: one query for any list, whatever its length. */
const referralColumns = {
  id: referrals.id,
  status: referrals.status,
  referralType: referrals.referralType,
  amount: referrals.amount,
  customerName: referrals.customerName,
  saleDate: referrals.saleDate,
  notes: referrals.notes,
  createdAt: referrals.createdAt,
  updatedAt: referrals.updatedAt,
  referrerId: referrals.referrerId,
  reporterId: referrals.reporterId,
  createdById: referrals.createdById,
  referrerFirstName: referrer.firstName,
  referrerLastName: referrer.lastName,
  referrerBusinessName: referrer.businessName,
  reporterFirstName: reporter.firstName,
  reporterLastName: reporter.lastName,
  reporterBusinessName: reporter.businessName,
  // The pending proposal, if any (at most one: a partial unique index).
  proposalId: referralProposals.id,
  proposalKind: referralProposals.kind,
  proposalById: referralProposals.proposedById,
  proposalAmount: referralProposals.amount,
  proposalSaleDate: referralProposals.saleDate,
  proposalCreatedAt: referralProposals.createdAt,
};

type ReferralRow = Omit<Referral, 'createdAt' | 'updatedAt' | 'proposal'> & {
  createdAt: Date;
  updatedAt: Date;
  proposalId: string | null;
  proposalKind: ReferralProposal['kind'] | null;
  proposalById: string | null;
  proposalAmount: string | null;
  proposalSaleDate: string | null;
  proposalCreatedAt: Date | null;
};

export const toReferral = ({
  proposalId,
  proposalKind,
  proposalById,
  proposalAmount,
  proposalSaleDate,
  proposalCreatedAt,
  ...row
}: ReferralRow): Referral => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  proposal:
    proposalId && proposalKind && proposalCreatedAt
      ? {
          id: proposalId,
          kind: proposalKind,
          proposedById: proposalById,
          amount: proposalAmount,
          saleDate: proposalSaleDate,
          createdAt: proposalCreatedAt.toISOString(),
        }
      : null,
});

function selectReferrals(db: Database, where: SQL | undefined) {
  return db
    .select(referralColumns)
    .from(referrals)
    .leftJoin(referrer, eq(referrer.id, referrals.referrerId))
    .leftJoin(reporter, eq(reporter.id, referrals.reporterId))
    .leftJoin(
      referralProposals,
      and(eq(referralProposals.referralId, referrals.id), eq(referralProposals.status, 'pending')),
    )
    .where(where)
    .orderBy(desc(referrals.saleDate), desc(referrals.createdAt));
}

const asParty = (userId: string) => or(eq(referrals.referrerId, userId), eq(referrals.reporterId, userId));

/** My referrals, both directions or one, optionally of one status; newest sale first. */
export async function listReferralsFor(
  db: Database,
  userId: string,
  query: ReferralListQuery = { direction: 'all' },
): Promise<Referral[]> {
  const direction =
    query.direction === 'given'
      ? eq(referrals.referrerId, userId)
      : query.direction === 'received'
        ? eq(referrals.reporterId, userId)
        : asParty(userId);
  const rows = await selectReferrals(
    db,
    and(direction, query.status ? eq(referrals.status, query.status) : undefined),
  );
  return rows.map(toReferral);
}

/** Referrals waiting for my decision: pending, I am a party, and the other party created them. */
export async function listPendingFor(db: Database, userId: string): Promise<Referral[]> {
  const rows = await selectReferrals(
    db,
    and(eq(referrals.status, 'pending'), asParty(userId), ne(referrals.createdById, userId)),
  );
  return rows.map(toReferral);
}

/** Approved referrals with a change or removal waiting for my answer (the other party proposed it). */
export async function listProposalsFor(db: Database, userId: string): Promise<Referral[]> {
  const rows = await selectReferrals(
    db,
    and(isNotNull(referralProposals.id), asParty(userId), ne(referralProposals.proposedById, userId)),
  );
  return rows.map(toReferral);
}

/** One referral with names, only if `userId` is a party (anyone else may not know it exists). */
export async function findReferralFor(
  db: Database,
  id: string,
  userId: string,
): Promise<Referral | undefined> {
  const [row] = await selectReferrals(db, and(eq(referrals.id, id), asParty(userId)));
  return row && toReferral(row);
}

/**
 * Approved-referral totals per member for one id or many, in one query: given/revenue received as the
 * referrer, received/revenue given as the recipient (DESIGN section 6). Guests and unknown ids are absent.
 */
export async function referralTotals(
  db: Database,
  memberIds: readonly string[],
): Promise<Map<string, ReferralTotals>> {
  if (memberIds.length === 0) return new Map();
  const asReferrer = sql`${referrals.referrerId} = ${users.id}`;
  const asRecipient = sql`${referrals.reporterId} = ${users.id}`;
  const rows = await db
    .select({
      id: users.id,
      referralsGiven: sql<number>`count(${referrals.id}) filter (where ${asReferrer})::int`,
      referralsReceived: sql<number>`count(${referrals.id}) filter (where ${asRecipient})::int`,
      revenueReceived: moneyTotal(sql`sum(${referrals.amount}) filter (where ${asReferrer})`),
      revenueGiven: moneyTotal(sql`sum(${referrals.amount}) filter (where ${asRecipient})`),
    })
    .from(users)
    .leftJoin(
      referrals,
      and(
        eq(referrals.status, 'approved'),
        or(eq(referrals.referrerId, users.id), eq(referrals.reporterId, users.id)),
      ),
    )
    .where(and(inArray(users.id, [...memberIds]), ne(users.role, 'GUEST')))
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
