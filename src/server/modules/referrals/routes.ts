import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEMBER_MESSAGES } from '../../../domain/members/contracts';
import { CACHE_SECONDS } from '../../../domain/network/constants';
import { sendCacheable } from '../../http/cacheable';
import { uuidParam } from '../../http/route-params';
import { notFound } from '../../lib/http-error';
import { approvedReferralCounts } from './referral-queries';

const memberIdParams = z.object({ memberId: uuidParam(MEMBER_MESSAGES.memberNotFound) });

export async function referralRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  /** Counts only, for a public profile's statistics card: approved referrals given and received. */
  app.get(
    '/api/referrals/metrics/:memberId',
    { config: { access: 'public' }, schema: { params: memberIdParams } },
    async (request, reply) => {
      const { memberId } = request.params;
      const counts = (await approvedReferralCounts(app.database.db, [memberId])).get(memberId);
      if (!counts) throw notFound(MEMBER_MESSAGES.memberNotFound);
      return sendCacheable(request, reply, counts, CACHE_SECONDS.members);
    },
  );
}
