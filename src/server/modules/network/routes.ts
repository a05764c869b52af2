import type { FastifyInstance } from 'fastify';
import { networkStatsSchema } from '../../../domain/members/contracts';
import { CACHE_SECONDS } from '../../../domain/network/constants';
import { sendCacheable } from '../../http/cacheable';
import { networkStats } from './network-queries';

export async function networkRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/network/stats',
    { config: { access: 'public' }, schema: { response: { 200: networkStatsSchema } } },
    async (request, reply) =>
      sendCacheable(request, reply, await networkStats(app.database.db), CACHE_SECONDS.networkStats),
  );
}
