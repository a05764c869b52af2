import { eq, sql } from 'drizzle-orm';
import type { NetworkStats } from '../../../domain/members/contracts';
import type { Database } from '../../db/client';
import { moneyTotal } from '../../db/money-sql';
import { networkTotals } from '../../db/schema';

/**
 * The public 'generated' badge: every approved referral's amount, kept in network_totals by the
 * referrals' trigger (migration 0021), so the home page reads one row however many referrals there are.
 */
export async function networkStats(db: Database): Promise<NetworkStats> {
  const [row] = await db
    .select({ totalRevenue: moneyTotal(sql`${networkTotals.approvedAmount}`) })
    .from(networkTotals)
    .where(eq(networkTotals.id, 1));
  return { totalRevenue: row?.totalRevenue ?? '0.00' };
}
