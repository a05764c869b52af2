import type { FastifyInstance } from 'fastify';
import { CACHE_SECONDS } from '../../../domain/network/constants';
import { sendCacheable } from '../../http/cacheable';
import { listIndustries } from './industry-queries';

export async function industryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/industries/public', { config: { access: 'public' } }, async (request, reply) =>
    sendCacheable(request, reply, await listIndustries(app.database.db), CACHE_SECONDS.industriesPublic),
  );
}
