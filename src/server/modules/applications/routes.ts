import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPLICATION_MESSAGES,
  applicationFullSchema,
  applicationPayloadSchema,
  applicationViewSchema,
  reviewerApplicationListSchema,
  reviewerListQuerySchema,
  statusUpdateResultSchema,
  statusUpdateSchema,
} from '../../../domain/applications/contracts';
import { waitingCountSchema } from '../../../domain/notifications/contracts';
import { chapterScopeOf } from '../../db/chapter-scope';
import { ownRead } from '../../http/own-reads';
import { RATE_LIMITS } from '../../http/rate-limits';
import { actor, idParams } from '../../http/route-params';
import { notFound } from '../../lib/http-error';
import {
  findApplicationView,
  listApplicationsForReview,
  listMyApplications,
  pendingApplicationCount,
} from './application-queries';
import { reviewApplication } from './review-application';
import { submitApplication } from './submit-application';

const applicationIdParams = idParams(APPLICATION_MESSAGES.notFound);

/**
 * An applicant applies to any chapter, and the chosen chapter's reviewers are notified: a write into
 * another chapter. Reading one's own applications needs no reach: the `own_applications` policy lets them through.
 */
const APPLYING = { access: 'signed-in', chapterReach: 'agency' } as const;

export async function applicationRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  app.post(
    '/api/applications',
    {
      config: { ...APPLYING, rateLimit: RATE_LIMITS.notifyingWrites },
      schema: { body: applicationPayloadSchema, response: { 201: applicationFullSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await submitApplication(db(), actor(request), request.body, app.config.sessionSecret)),
  );

  ownRead(
    app,
    '/api/applications/my',
    { config: { access: 'signed-in' }, response: z.array(applicationFullSchema) },
    async (user) => listMyApplications(db(), user.id),
  );

  ownRead(
    app,
    '/api/applications',
    {
      config: { access: { minRole: 'LEADERSHIP' } },
      querystring: reviewerListQuerySchema,
      response: reviewerApplicationListSchema,
    },
    async (user, query) => listApplicationsForReview(db(), query.page, chapterScopeOf(user)),
  );

  ownRead(
    app,
    '/api/applications/pending-count',
    { config: { access: { minRole: 'LEADERSHIP' } }, response: waitingCountSchema },
    async (user) => ({ count: await pendingApplicationCount(db(), chapterScopeOf(user)) }),
  );

  /** Full details for reviewers and the applicant; a status summary for anyone else signed in. */
  app.get(
    '/api/applications/:id',
    {
      config: { access: 'signed-in' },
      schema: { params: applicationIdParams, response: { 200: applicationViewSchema } },
    },
    async (request) => {
      const view = await findApplicationView(db(), request.params.id, actor(request));
      if (!view) throw notFound(APPLICATION_MESSAGES.notFound);
      return view;
    },
  );

  app.put(
    '/api/applications/:id/status',
    {
      config: { access: { minRole: 'LEADERSHIP' }, rateLimit: RATE_LIMITS.notifyingWrites },
      schema: {
        params: applicationIdParams,
        body: statusUpdateSchema,
        response: { 200: statusUpdateResultSchema },
      },
    },
    async (request) => reviewApplication(db(), actor(request), { ...request.body, id: request.params.id }),
  );
}
