import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTENDANCE_MESSAGES,
  attendanceBatchSchema,
  attendanceEditSchema,
  attendanceRecordPageSchema,
  attendanceRecordSchema,
  attendanceRecordsQuerySchema,
  attendanceStatsSchema,
  attendanceSubmissionSchema,
  batchAttendanceStatsSchema,
  canReadAttendanceOf,
  meetingDateSchema,
  meetingPageQuerySchema,
  meetingPageSchema,
  myAttendanceStatsSchema,
} from '../../../domain/attendance/contracts';
import { MEMBER_MESSAGES } from '../../../domain/members/contracts';
import { MESSAGES } from '../../../domain/messages';
import { MAX_BATCH_IDS } from '../../../domain/paging';
import { periodQuerySchema } from '../../../domain/periods/period-query';
import { chapterScopeOf } from '../../db/chapter-scope';
import { ownRead } from '../../http/own-reads';
import { actor, idParams, idsBody, uuidParam } from '../../http/route-params';
import { forbidden, notFound } from '../../lib/http-error';
import { sendAttendanceCsv } from './attendance-csv';
import { attendanceStatsFor, listMeetings, listRecordsPage, myAttendanceStats } from './attendance-queries';
import { deleteAttendanceRecord } from './delete-attendance-record';
import { editAttendanceRecord } from './edit-attendance-record';
import { logAttendance } from './log-attendance';

const LEADERS = { access: { minRole: 'LEADERSHIP' } } as const;
const MEMBERS = { access: { minRole: 'MEMBER' } } as const;
const recordIdParams = idParams(ATTENDANCE_MESSAGES.notFound);

export async function attendanceRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  app.post(
    '/api/attendance/batch',
    {
      config: LEADERS,
      schema: { body: attendanceBatchSchema, response: { 200: attendanceSubmissionSchema } },
    },
    async (request) => logAttendance(db(), actor(request), request.body),
  );

  /** The history a page of meetings at a time, each with its totals (leadership). */
  app.get(
    '/api/attendance/meetings',
    {
      config: LEADERS,
      schema: { querystring: meetingPageQuerySchema, response: { 200: meetingPageSchema } },
    },
    async (request) => listMeetings(db(), request.query, chapterScopeOf(request.user)),
  );

  /**
   * Records a page at a time: leadership reads any meeting (`?date=`) or everyone's; a member may read
   * their own (`?memberId=` = themself).
   */
  app.get(
    '/api/attendance/records',
    {
      config: { ...MEMBERS, ownBelow: 'LEADERSHIP' },
      schema: {
        querystring: attendanceRecordsQuerySchema,
        response: { 200: attendanceRecordPageSchema },
      },
    },
    async (request) => {
      if (!canReadAttendanceOf(actor(request), request.query.memberId ?? '')) {
        throw forbidden(MESSAGES.forbidden);
      }
      return listRecordsPage(db(), request.query, chapterScopeOf(request.user));
    },
  );

  app.get(
    '/api/attendance/records.csv',
    { config: LEADERS, schema: { querystring: z.object({ date: meetingDateSchema.optional() }) } },
    async (request, reply) =>
      sendAttendanceCsv(reply, db(), request.query.date, chapterScopeOf(request.user)),
  );

  app.put(
    '/api/attendance/records/:id',
    {
      config: LEADERS,
      schema: {
        params: recordIdParams,
        body: attendanceEditSchema,
        response: { 200: attendanceRecordSchema },
      },
    },
    async (request) => editAttendanceRecord(db(), actor(request), { ...request.body, id: request.params.id }),
  );

  app.delete(
    '/api/attendance/records/:id',
    { config: LEADERS, schema: { params: recordIdParams } },
    async (request, reply) => {
      await deleteAttendanceRecord(db(), actor(request), { id: request.params.id });
      return reply.code(204).send();
    },
  );

  ownRead(
    app,
    '/api/attendance/stats',
    { config: MEMBERS, querystring: periodQuerySchema, response: myAttendanceStatsSchema },
    async (user, query) => myAttendanceStats(db(), user.id, query.period),
  );

  app.get(
    '/api/attendance/stats/:memberId',
    {
      config: { ...MEMBERS, ownBelow: 'LEADERSHIP' },
      schema: {
        params: z.object({ memberId: uuidParam(MEMBER_MESSAGES.memberNotFound) }),
        response: { 200: attendanceStatsSchema },
      },
    },
    async (request) => {
      const { memberId } = request.params;
      if (!canReadAttendanceOf(actor(request), memberId)) throw forbidden(MESSAGES.forbidden);
      const stats = (await attendanceStatsFor(db(), [memberId], chapterScopeOf(request.user))).get(memberId);
      if (!stats) throw notFound(MEMBER_MESSAGES.memberNotFound);
      return stats;
    },
  );

  app.post(
    '/api/attendance/stats/batch',
    {
      config: LEADERS,
      schema: {
        body: idsBody('memberIds', MAX_BATCH_IDS),
        response: { 200: batchAttendanceStatsSchema },
      },
    },
    async (request) =>
      Object.fromEntries(
        await attendanceStatsFor(db(), request.body.memberIds, chapterScopeOf(request.user)),
      ),
  );
}
