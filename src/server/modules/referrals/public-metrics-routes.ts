import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEMBER_MESSAGES } from '../../../domain/members/contracts';
import { CACHE_SECONDS } from '../../../domain/network/constants';
import { referrals, users } from '../../db/schema';
import { sendCacheable } from '../../http/cacheable';
import { notFound } from '../../lib/http-error';

export async function publicReferralMetricsRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  /** Counts only, for a public profile's statistics card: approved referrals given and received. */
  app.get(
    '/api/referrals/metrics/:memberId',
    { config: { access: 'public' }, schema: { params: z.object({ memberId: z.uuid('Invalid member id') }) } },
    async (request, reply) => {
      const { memberId } = request.params;
      const [row] = await app.database.db
        .select({
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
        .where(and(eq(users.id, memberId), ne(users.role, 'GUEST')))
        .groupBy(users.id);
      if (!row) throw notFound(MEMBER_MESSAGES.memberNotFound);
      return sendCacheable(request, reply, row, CACHE_SECONDS.members);
    },
  );
}
