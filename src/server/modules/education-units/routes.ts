import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEETING_MESSAGES } from '../../../domain/attendance/meetings';
import {
  EDUCATION_UNIT_MESSAGES,
  educationUnitPageQuerySchema,
  educationUnitPageSchema,
  educationUnitSchema,
  meetingEducationRecordedSchema,
  recordEducationUnitSchema,
  recordMeetingEducationSchema,
} from '../../../domain/education-units/contracts';
import { chapterScopeOf } from '../../db/chapter-scope';
import { ownRead } from '../../http/own-reads';
import { actor, idParams } from '../../http/route-params';
import {
  listEducationUnits,
  recordEducationUnit,
  recordMeetingEducation,
  removeEducationUnit,
} from './education-units';

const MEMBERS = { access: { minRole: 'MEMBER' } } as const;
const LEADERS = { access: { minRole: 'LEADERSHIP' } } as const;

export async function educationUnitRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  app.post(
    '/api/education-units',
    { config: MEMBERS, schema: { body: recordEducationUnitSchema, response: { 201: educationUnitSchema } } },
    async (request, reply) =>
      reply.code(201).send(await recordEducationUnit(db(), actor(request), request.body)),
  );

  ownRead(
    app,
    '/api/education-units',
    { config: MEMBERS, querystring: educationUnitPageQuerySchema, response: educationUnitPageSchema },
    async (user, query) => listEducationUnits(db(), user.id, query),
  );

  app.delete(
    '/api/education-units/:id',
    {
      config: MEMBERS,
      schema: { params: idParams(EDUCATION_UNIT_MESSAGES.notFound), response: { 204: z.null() } },
    },
    async (request, reply) => {
      await removeEducationUnit(db(), actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  /** A chapter training: a unit for everyone recorded present (or late) at the meeting. */
  app.post(
    '/api/meetings/:id/education-units',
    {
      config: LEADERS,
      schema: {
        params: idParams(MEETING_MESSAGES.notFound),
        body: recordMeetingEducationSchema,
        response: { 200: meetingEducationRecordedSchema },
      },
    },
    async (request) =>
      recordMeetingEducation(
        db(),
        actor(request),
        request.params.id,
        chapterScopeOf(request.user),
        request.body,
      ),
  );
}
