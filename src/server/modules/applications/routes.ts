import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPLICATION_MESSAGES,
  applicationPayloadSchema,
  reviewerListQuerySchema,
  statusUpdateSchema,
} from '../../../domain/applications/contracts';
import { notFound } from '../../lib/http-error';
import { findApplicationView, listApplicationsForReview, listMyApplications } from './application-queries';
import { reviewApplication } from './review-application';
import { submitApplication } from './submit-application';

const idParams = z.object({ id: z.string() });
const isUuid = (value: string) => z.uuid().safeParse(value).success;

export async function applicationRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  app.post(
    '/api/applications',
    { config: { access: 'signed-in' }, schema: { body: applicationPayloadSchema } },
    async (request, reply) =>
      reply.code(201).send(await submitApplication(db(), request.user!.id, request.body)),
  );

  app.get('/api/applications/my', { config: { access: 'signed-in' } }, async (request) =>
    listMyApplications(db(), request.user!.id),
  );

  app.get(
    '/api/applications',
    { config: { access: { minRole: 'LEADERSHIP' } }, schema: { querystring: reviewerListQuerySchema } },
    async (request) => listApplicationsForReview(db(), request.query.page),
  );

  /** Full details for reviewers and the applicant; a status summary for anyone else signed in. */
  app.get(
    '/api/applications/:id',
    { config: { access: 'signed-in' }, schema: { params: idParams } },
    async (request) => {
      const { id } = request.params;
      const view = isUuid(id) ? await findApplicationView(db(), id, request.user!) : undefined;
      if (!view) throw notFound(APPLICATION_MESSAGES.notFound);
      return view;
    },
  );

  app.put(
    '/api/applications/:id/status',
    { config: { access: { minRole: 'LEADERSHIP' } }, schema: { params: idParams, body: statusUpdateSchema } },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound(APPLICATION_MESSAGES.notFound);
      return reviewApplication(db(), request.user!, request.params.id, request.body);
    },
  );
}
