import { eq, sql } from 'drizzle-orm';
import type { NetworkStats } from '../../../domain/members/contracts';
import type { Database } from '../../db/client';
import { moneyTotal } from '../../db/money-sql';
import { referrals } from '../../db/schema';

/** The public 'generated' badge: every approved referral's amount, summed in SQL as numeric. */
export async function networkStats(db: Database): Promise<NetworkStats> {
  const [row] = await db
    .select({ totalRevenue: moneyTotal(sql`sum(${referrals.amount})`) })
    .from(referrals)
    .where(eq(referrals.status, 'approved'));
  return { totalRevenue: row?.totalRevenue ?? '0.00' };
}
