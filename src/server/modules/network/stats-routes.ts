import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CACHE_SECONDS } from '../../../domain/network/constants';
import { referrals } from '../../db/schema';
import { sendCacheable } from '../../http/cacheable';

export async function networkStatsRoutes(app: FastifyInstance): Promise<void> {
  /** The public 'generated' badge: every approved referral's amount, summed in SQL as numeric. */
  app.get('/api/network/stats', { config: { access: 'public' } }, async (request, reply) => {
    const [row] = await app.database.db
      .select({ totalRevenue: sql<string>`coalesce(sum(${referrals.amount}), 0)::numeric(14,2)::text` })
      .from(referrals)
      .where(eq(referrals.status, 'approved'));
    return sendCacheable(
      request,
      reply,
      { totalRevenue: row?.totalRevenue ?? '0.00' },
      CACHE_SECONDS.networkStats,
    );
  });
}
