import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminUserSchema,
  USER_MESSAGES,
  userEditSchema,
  userListQuerySchema,
  userPageSchema,
} from '../../../domain/admin/contracts';
import { chapterScopeOf } from '../../db/chapter-scope';
import { sendJsonText } from '../../http/encoded-body';
import { actor, idParams } from '../../http/route-params';
import { notFound } from '../../lib/http-error';
import { deleteUser, updateUser } from './change-users';
import { sendRosterCsv } from './roster-csv';
import { findAdminUser, listUsers } from './user-queries';

const ADMINS = { access: { minRole: 'NETWORK_ADMIN' } } as const;
const userIdParams = idParams(USER_MESSAGES.notFound);

export async function userRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  app.get(
    '/api/users',
    { config: ADMINS, schema: { querystring: userListQuerySchema, response: { 200: userPageSchema } } },
    // Every field is named by toAdminUser (typed by the contract): the schema's second pass is skipped
    // on the hottest admin read (docs/decisions/0029); the schema still documents it.
    async (request, reply) =>
      sendJsonText(
        reply,
        JSON.stringify(
          await listUsers(db(), request.query, chapterScopeOf(request.user), (err) =>
            request.log.warn({ err }, 'Moving the kept period sums to this month failed'),
          ),
        ),
      ),
  );

  // The roster as a spreadsheet: the same filters and order as the table, every matching member.
  app.get(
    '/api/users/export.csv',
    {
      config: ADMINS,
      schema: { querystring: userListQuerySchema.omit({ page: true, cursor: true, skip: true }) },
    },
    async (request, reply) => sendRosterCsv(reply, db(), request.query, chapterScopeOf(request.user)),
  );

  app.get(
    '/api/users/:id',
    { config: ADMINS, schema: { params: userIdParams, response: { 200: adminUserSchema } } },
    async (request) => {
      const user = await findAdminUser(db(), request.params.id, chapterScopeOf(request.user));
      if (!user) throw notFound(USER_MESSAGES.notFound);
      return user;
    },
  );

  app.put(
    '/api/users/:id',
    {
      config: ADMINS,
      schema: { params: userIdParams, body: userEditSchema, response: { 200: adminUserSchema } },
    },
    async (request) => updateUser(db(), actor(request), { ...request.body, id: request.params.id }),
  );

  app.delete(
    '/api/users/:id',
    { config: ADMINS, schema: { params: userIdParams } },
    async (request, reply) => {
      await deleteUser(db(), actor(request), { id: request.params.id });
      return reply.code(204).send();
    },
  );
}
