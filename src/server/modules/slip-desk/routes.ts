import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MEETING_MESSAGES } from '../../../domain/attendance/meetings';
import {
  deskSettingSchema,
  slipBatchSavedSchema,
  slipBatchSchema,
  slipDeskSchema,
} from '../../../domain/slip-desk/contracts';
import { actor, idParams } from '../../http/route-params';
import { readSlipDesk } from './desk-read';
import { changeDeskSetting } from './desk-setting';
import { saveSlips } from './save-slips';

const LEADERS = { access: { minRole: 'LEADERSHIP' } } as const;

/** The slips desk: leadership keys a week's paper slips in on the members' behalf. */
export async function slipDeskRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  app.get(
    '/api/meetings/:id/slips',
    {
      config: LEADERS,
      schema: { params: idParams(MEETING_MESSAGES.notFound), response: { 200: slipDeskSchema } },
    },
    async (request) => readSlipDesk(db(), actor(request), request.params.id),
  );

  app.post(
    '/api/meetings/:id/slips',
    {
      config: LEADERS,
      schema: {
        params: idParams(MEETING_MESSAGES.notFound),
        body: slipBatchSchema,
        response: { 200: slipBatchSavedSchema, 201: slipBatchSavedSchema },
      },
    },
    async (request, reply) => {
      const saved = await saveSlips(db(), actor(request), request.params.id, request.body);
      return reply.code(saved.created ? 201 : 200).send(saved);
    },
  );

  app.put(
    '/api/slips-desk/setting',
    {
      config: { access: { minRole: 'NETWORK_ADMIN' } },
      schema: { body: deskSettingSchema, response: { 200: deskSettingSchema } },
    },
    async (request) => changeDeskSetting(db(), actor(request), request.body),
  );
}
