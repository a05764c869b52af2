import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CACHE_SECONDS } from '../../../domain/network/constants';
import { industries } from '../../db/schema';
import { sendCacheable } from '../../http/cacheable';

export async function publicIndustryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/industries/public', { config: { access: 'public' } }, async (request, reply) => {
    const rows = await app.database.db
      .select({ id: industries.id, name: industries.name })
      .from(industries)
      .orderBy(asc(sql`lower(${industries.name})`));
    return sendCacheable(request, reply, rows, CACHE_SECONDS.industriesPublic);
  });
}
