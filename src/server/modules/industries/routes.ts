import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MESSAGES, industryInputSchema, industrySchema } from '../../../domain/admin/contracts';
import { CHAPTER_MESSAGES, chapterQuerySchema } from '../../../domain/chapters/contracts';
import { publicIndustrySchema } from '../../../domain/members/contracts';
import { CACHE_SECONDS } from '../../../domain/network/constants';
import { chapterScopeOf } from '../../db/chapter-scope';
import { sendCacheable } from '../../http/cacheable';
import { actor, idParams } from '../../http/route-params';
import { notFound } from '../../lib/http-error';
import { listIndustries, listIndustriesForAdmin } from './industry-queries';
import { createIndustry, deleteIndustry, updateIndustry } from './manage-industries';

const ADMINS = { access: { minRole: 'NETWORK_ADMIN' } } as const;
const industryIdParams = idParams(ADMIN_MESSAGES.industryNotFound);

export async function industryRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  // A chapter's industries (`?chapter=` its slug), else the first chapter's: public, so cached publicly.
  app.get(
    '/api/industries/public',
    {
      config: { access: 'public' },
      schema: { querystring: chapterQuerySchema, response: { 200: z.array(publicIndustrySchema) } },
    },
    async (request, reply) => {
      const list = await listIndustries(db(), request.query.chapter);
      if (!list) throw notFound(CHAPTER_MESSAGES.notFound);
      return sendCacheable(request, reply, list, CACHE_SECONDS.industriesPublic);
    },
  );

  app.get(
    '/api/industries',
    { config: ADMINS, schema: { response: { 200: z.array(industrySchema) } } },
    async (request) => listIndustriesForAdmin(db(), chapterScopeOf(request.user)),
  );

  app.post(
    '/api/industries',
    { config: ADMINS, schema: { body: industryInputSchema, response: { 201: industrySchema } } },
    async (request, reply) => reply.code(201).send(await createIndustry(db(), actor(request), request.body)),
  );

  app.put(
    '/api/industries/:id',
    {
      config: ADMINS,
      schema: { params: industryIdParams, body: industryInputSchema, response: { 200: industrySchema } },
    },
    async (request) => updateIndustry(db(), actor(request), { ...request.body, id: request.params.id }),
  );

  app.delete(
    '/api/industries/:id',
    { config: ADMINS, schema: { params: industryIdParams } },
    async (request, reply) => {
      await deleteIndustry(db(), actor(request), { id: request.params.id });
      return reply.code(204).send();
    },
  );
}
