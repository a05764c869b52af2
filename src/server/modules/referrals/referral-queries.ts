import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { PublicReferralCounts } from '../../../domain/members/contracts';
import type { Database } from '../../db/client';
import { referrals, users } from '../../db/schema';

/**
 * Approved referrals given and received per member, for one id or many in one query. Guests and
 * unknown ids are absent from the map, so a caller can tell "no such member" from "no referrals".
 */
export async function approvedReferralCounts(
  db: Database,
  memberIds: readonly string[],
): Promise<Map<string, PublicReferralCounts>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      referralsGiven: sql<number>`count(${referrals.id}) filter (where ${referrals.referrerId} = ${users.id})::int`,
      referralsReceived: sql<number>`count(${referrals.id}) filter (where ${referrals.reporterId} = ${users.id})::int`,
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
  return new Map(rows.map(({ id, ...counts }) => [id, counts]));
}
