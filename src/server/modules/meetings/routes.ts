import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  awayNoticeSchema,
  createMeetingSchema,
  MEETING_MESSAGES,
  meetingDetailSchema,
  meetingListQuerySchema,
  meetingListSchema,
  myMeetingsSchema,
  reopenMeetingSchema,
  updateMeetingSchema,
} from '../../../domain/attendance/meetings';
import { myWeekSchema, weekReportSchema } from '../../../domain/attendance/week-report';
import { isIsoDate } from '../../../domain/dates';
import { chapterOnly, chapterScopeOf } from '../../db/chapter-scope';
import { actingChapterId } from '../../db/chapter-settings';
import { ownRead } from '../../http/own-reads';
import { RATE_LIMITS } from '../../http/rate-limits';
import { actor, idParams } from '../../http/route-params';
import { visitEmailContext } from '../visitors/visit-emails';
import { giveAwayNotice, myMeetings, withdrawAwayNotice } from './away-notices';
import { createExtraMeeting, updateMeeting } from './manage-meetings';
import { listMeetingPage, meetingDetail } from './meeting-queries';
import { chapterSchedule, chapterToday } from './meeting-settings';
import { closeMeeting, openMeeting, reopenMeeting } from './meeting-states';
import { myWeek } from './my-week';
import { sendWeekReportCsv, weekReport } from './week-report';

const LEADERS = { access: { minRole: 'LEADERSHIP' } } as const;
const ADMINS = { access: { minRole: 'NETWORK_ADMIN' } } as const;
const MEMBERS = { access: { minRole: 'MEMBER' } } as const;
const meetingIdParams = idParams(MEETING_MESSAGES.notFound);
const dateParams = z.object({ date: z.string().refine(isIsoDate, MEETING_MESSAGES.dateRequired) });

/** The chapter's week: meetings as records, their states, and "I'll be away". */
export async function meetingRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const detail = (request: { user?: Parameters<typeof chapterScopeOf>[0] }, id: string) =>
    meetingDetail(db(), id, chapterScopeOf(request.user));

  app.get(
    '/api/meetings',
    {
      config: LEADERS,
      schema: { querystring: meetingListQuerySchema, response: { 200: meetingListSchema } },
    },
    // One chapter's week at a time: an agency administrator's, the chapter they act in (else the first), as
    // the saves of a meeting land there.
    async (request) => {
      const chapterId = await actingChapterId(db(), actor(request));
      const schedule = await chapterSchedule(db(), chapterId);
      return listMeetingPage(db(), request.query, chapterOnly(chapterId), chapterToday(schedule));
    },
  );

  ownRead(app, '/api/meetings/mine', { config: MEMBERS, response: myMeetingsSchema }, async (user) =>
    myMeetings(db(), user),
  );

  ownRead(app, '/api/meetings/my-week', { config: MEMBERS, response: myWeekSchema }, async (user) =>
    myWeek(db(), user),
  );

  app.get(
    '/api/meetings/:id/report',
    { config: LEADERS, schema: { params: meetingIdParams, response: { 200: weekReportSchema } } },
    async (request) => weekReport(db(), request.params.id, chapterScopeOf(request.user)),
  );

  app.get(
    '/api/meetings/:id/report.csv',
    { config: LEADERS, schema: { params: meetingIdParams } },
    async (request, reply) => sendWeekReportCsv(reply, db(), request.params.id, chapterScopeOf(request.user)),
  );

  app.get(
    '/api/meetings/:id',
    { config: LEADERS, schema: { params: meetingIdParams, response: { 200: meetingDetailSchema } } },
    async (request) => detail(request, request.params.id),
  );

  app.post(
    '/api/meetings',
    { config: LEADERS, schema: { body: createMeetingSchema, response: { 201: meetingDetailSchema } } },
    async (request, reply) => {
      const id = await createExtraMeeting(db(), actor(request), request.body);
      return reply.code(201).send(await detail(request, id));
    },
  );

  app.patch(
    '/api/meetings/:id',
    {
      config: LEADERS,
      schema: { params: meetingIdParams, body: updateMeetingSchema, response: { 200: meetingDetailSchema } },
    },
    async (request) => {
      await updateMeeting(
        db(),
        actor(request),
        request.params.id,
        request.body,
        visitEmailContext(app.config),
      );
      return detail(request, request.params.id);
    },
  );

  app.post(
    '/api/meetings/:id/open',
    { config: LEADERS, schema: { params: meetingIdParams, response: { 200: meetingDetailSchema } } },
    async (request) => {
      await openMeeting(db(), actor(request), request.params.id);
      return detail(request, request.params.id);
    },
  );

  app.post(
    '/api/meetings/:id/close',
    {
      config: { ...LEADERS, rateLimit: RATE_LIMITS.notifyingWrites },
      schema: { params: meetingIdParams, response: { 200: meetingDetailSchema } },
    },
    async (request) => {
      await closeMeeting(db(), actor(request), request.params.id);
      return detail(request, request.params.id);
    },
  );

  app.post(
    '/api/meetings/:id/reopen',
    {
      config: ADMINS,
      schema: { params: meetingIdParams, body: reopenMeetingSchema, response: { 200: meetingDetailSchema } },
    },
    async (request) => {
      await reopenMeeting(db(), actor(request), request.params.id, request.body.reason);
      return detail(request, request.params.id);
    },
  );

  app.post(
    '/api/meetings/away',
    { config: MEMBERS, schema: { body: awayNoticeSchema, response: { 200: myMeetingsSchema } } },
    async (request) => {
      await giveAwayNotice(db(), actor(request), request.body);
      return myMeetings(db(), actor(request));
    },
  );

  app.delete(
    '/api/meetings/away/:date',
    { config: MEMBERS, schema: { params: dateParams, response: { 200: myMeetingsSchema } } },
    async (request) => {
      await withdrawAwayNotice(db(), actor(request), request.params.date);
      return myMeetings(db(), actor(request));
    },
  );
}
