import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { chapterSlugSchema } from '../../../domain/chapters/contracts';
import { todayIn } from '../../../domain/dates';
import {
  chapterPresidentSchema,
  followUpSchema,
  followUpWaitingSchema,
  inviteVisitorSchema,
  VISITOR_MESSAGES as M,
  memberVisitMeetingsSchema,
  notAFitSchema,
  quarterSchema,
  recordFollowUpSchema,
  visitCreditSchema,
  visitorApplyPrefillSchema,
  visitorBoardSchema,
  visitorDetailSchema,
  visitorFunnelSchema,
  visitorHostChoiceSchema,
  visitorListQuerySchema,
  visitorSchema,
  visitPageSchema,
  visitRegistrationSchema,
} from '../../../domain/visitors/contracts';
import { DOOR_VISITOR_MESSAGES } from '../../../domain/visitors/door';
import { quarterOf } from '../../../domain/visitors/quarter';
import { actingChapterId } from '../../db/chapter-settings';
import { ownRead } from '../../http/own-reads';
import { RATE_LIMITS } from '../../http/rate-limits';
import { actor, idParams, uuidParam } from '../../http/route-params';
import { HttpError, notFound } from '../../lib/http-error';
import { readApplyPrefill } from './apply-from-visit';
import { setChapterPresident } from './chapter-president';
import { correctVisitCredit } from './correct-credit';
import { checkFillToken } from './fill-token';
import { followUpWaiting, listChapterFollowUps, listMyFollowUps, recordFollowUp } from './follow-ups';
import { deleteVisitor, inviteVisitor, setVisitorHost } from './manage-visitors';
import { markNotAFit } from './not-a-fit';
import { isChapterMember, registerVisit } from './register-visit';
import { visitEmailContext } from './visit-emails';
import { findVisitChapter, memberVisitMeetings, readVisitPage } from './visit-page';
import { readVisitTicket } from './visit-ticket';
import { readVisitorDetail } from './visitor-detail';
import { sendVisitorsCsv, visitorBoard, visitorFunnel } from './visitor-pipeline';
import { listChapterMembers, listChapterVisitors, listMyVisitors } from './visitor-queries';

const slugParams = z.object({ slug: chapterSlugSchema });
const registeredSchema = z.object({ message: z.string() });
const REGISTERED = { message: M.registered };

/**
 * Every accepted registration is answered this long after it arrived, or later: a new seat (emails and
 * notifications written) takes a few milliseconds more than a repeated one or a dropped bot, and the answer's
 * timing must not tell which it was.
 */
export const VISIT_ANSWER_MS = 250;

async function answerNoSoonerThan<T>(started: number, answer: T): Promise<T> {
  const wait = VISIT_ANSWER_MS - (performance.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return answer;
}

export async function visitorRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const emailContext = () => visitEmailContext(app.config);

  // The public visit page's data; it carries a fresh form token, so it is never cached.
  app.get(
    '/api/visit/:slug',
    { config: { access: 'public' }, schema: { params: slugParams, response: { 200: visitPageSchema } } },
    async (request) => {
      const page = await readVisitPage(db(), request.params.slug, app.config.sessionSecret);
      if (!page) throw notFound(M.chapterNotFound);
      return page;
    },
  );

  /**
   * The public registration. Whether the address was known, registered before or new, the answer is the same;
   * a bot (the hidden field filled, or the form sent back faster than a person types) gets it too and
   * nothing is written.
   */
  app.post(
    '/api/visit/:slug',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.visitRegistration },
      schema: { params: slugParams, body: visitRegistrationSchema, response: { 200: registeredSchema } },
    },
    async (request) => {
      const started = performance.now();
      const { website, formToken, meetingId, invitedById, ...details } = request.body;
      const chapter = await findVisitChapter(db(), { slug: request.params.slug });
      if (!chapter) throw notFound(M.chapterNotFound);
      const fill = checkFillToken(app.config.sessionSecret, chapter.slug, formToken);
      if (fill === 'expired') throw new HttpError('VALIDATION', M.formExpired);
      if (website || fill === 'too-fast') return answerNoSoonerThan(started, REGISTERED);
      if (invitedById && !(await isChapterMember(db(), chapter.id, invitedById))) {
        throw new HttpError('VALIDATION', M.inviterNotMember, { invitedById: [M.inviterNotMember] });
      }
      await registerVisit(
        db(),
        {
          chapterId: chapter.id,
          meetingId,
          details,
          source: 'public_form',
          invitedById: invitedById ?? null,
        },
        emailContext(),
      );
      return answerNoSoonerThan(started, REGISTERED);
    },
  );

  // A visitor's ticket as a QR code, for their emails: only a ticket this server signed is drawn.
  app.get(
    '/api/visit-tickets/:ticket/qr.png',
    { config: { access: 'public' }, schema: { params: z.object({ ticket: z.string().max(200) }) } },
    async (request, reply) => {
      const { ticket } = request.params;
      if (!readVisitTicket(app.config.sessionSecret, ticket))
        throw notFound(DOOR_VISITOR_MESSAGES.ticketInvalid);
      const png = await QRCode.toBuffer(ticket, {
        type: 'png',
        margin: 2,
        width: 400,
        errorCorrectionLevel: 'M',
      });
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'private, max-age=86400')
        .send(png);
    },
  );

  /**
   * The "Apply" link's prefill: signed in (any account, a guest's first chapter may be another), the link's
   * signature is the only key, so it reaches across the agency.
   */
  app.get(
    '/api/visitors/apply/:token',
    {
      config: { access: 'signed-in', chapterReach: 'agency' },
      schema: {
        params: z.object({ token: z.string().max(200) }),
        response: { 200: visitorApplyPrefillSchema },
      },
    },
    async (request) => {
      const prefill = await readApplyPrefill(db(), app.config.sessionSecret, request.params.token);
      if (!prefill) throw notFound(M.applyLinkInvalid);
      return prefill;
    },
  );

  app.post(
    '/api/visitors',
    {
      config: { access: { minRole: 'MEMBER' }, rateLimit: RATE_LIMITS.notifyingWrites },
      schema: { body: inviteVisitorSchema, response: { 201: z.object({ id: z.string() }) } },
    },
    async (request, reply) =>
      reply.code(201).send(await inviteVisitor(db(), actor(request), request.body, emailContext())),
  );

  ownRead(
    app,
    '/api/visitors/meetings',
    { config: { access: { minRole: 'MEMBER' } }, response: memberVisitMeetingsSchema },
    async (user) => memberVisitMeetings(db(), await actingChapterId(db(), user)),
  );

  ownRead(
    app,
    '/api/visitors/mine',
    { config: { access: { minRole: 'MEMBER' } }, response: z.array(visitorSchema) },
    (user) => listMyVisitors(db(), user.id),
  );

  ownRead(
    app,
    '/api/visitors',
    {
      config: { access: { minRole: 'LEADERSHIP' } },
      querystring: visitorListQuerySchema,
      response: z.array(visitorSchema),
    },
    async (user, query) => listChapterVisitors(db(), await actingChapterId(db(), user), query.stage),
  );

  ownRead(
    app,
    '/api/visitors/board',
    { config: { access: { minRole: 'LEADERSHIP' } }, response: visitorBoardSchema },
    async (user) => visitorBoard(db(), await actingChapterId(db(), user)),
  );

  ownRead(
    app,
    '/api/visitors/funnel',
    {
      config: { access: { minRole: 'LEADERSHIP' } },
      querystring: z.strictObject({ quarter: quarterSchema.optional() }),
      response: visitorFunnelSchema,
    },
    async (user, query) =>
      visitorFunnel(db(), await actingChapterId(db(), user), query.quarter ?? quarterOf(todayIn())),
  );

  app.get(
    '/api/visitors/export.csv',
    { config: { access: { minRole: 'LEADERSHIP' } } },
    async (request, reply) => sendVisitorsCsv(reply, db(), await actingChapterId(db(), actor(request))),
  );

  ownRead(
    app,
    '/api/visitors/hosts',
    { config: { access: { minRole: 'LEADERSHIP' } }, response: z.array(visitorHostChoiceSchema) },
    async (user) => listChapterMembers(db(), await actingChapterId(db(), user)),
  );

  ownRead(
    app,
    '/api/visitors/follow-ups/mine',
    { config: { access: { minRole: 'MEMBER' } }, response: z.array(followUpSchema) },
    (user) => listMyFollowUps(db(), user.id),
  );

  ownRead(
    app,
    '/api/visitors/follow-ups/waiting',
    { config: { access: { minRole: 'MEMBER' } }, response: followUpWaitingSchema },
    async (user) => followUpWaiting(db(), user, await actingChapterId(db(), user)),
  );

  ownRead(
    app,
    '/api/visitors/follow-ups',
    { config: { access: { minRole: 'LEADERSHIP' } }, response: z.array(followUpSchema) },
    async (user) => listChapterFollowUps(db(), await actingChapterId(db(), user)),
  );

  app.post(
    '/api/visitors/follow-ups/:id',
    {
      config: { access: { minRole: 'MEMBER' } },
      schema: {
        params: idParams(M.followUpNotFound),
        body: recordFollowUpSchema,
        response: { 200: followUpSchema },
      },
    },
    async (request) => recordFollowUp(db(), actor(request), request.params.id, request.body),
  );

  app.delete(
    '/api/visitors/:id',
    {
      config: { access: { minRole: 'LEADERSHIP' } },
      schema: { params: idParams(M.notFound), response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteVisitor(db(), actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/visitors/:id',
    {
      config: { access: { minRole: 'LEADERSHIP' } },
      schema: { params: idParams(M.notFound), response: { 200: visitorDetailSchema } },
    },
    async (request) => {
      const chapterId = await actingChapterId(db(), actor(request));
      const detail = await readVisitorDetail(db(), chapterId, request.params.id);
      if (!detail) throw notFound(M.notFound);
      return detail;
    },
  );

  app.post(
    '/api/visitors/:id/not-a-fit',
    {
      config: { access: { minRole: 'LEADERSHIP' } },
      schema: { params: idParams(M.notFound), body: notAFitSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await markNotAFit(db(), actor(request), request.params.id, request.body.reason);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/visitors/visits/:id/credit',
    {
      config: { access: { minRole: 'LEADERSHIP' } },
      schema: { params: idParams(M.notFound), body: visitCreditSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await correctVisitCredit(db(), actor(request), request.params.id, request.body.memberId);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/visitors/president',
    {
      config: { access: { minRole: 'LEADERSHIP' } },
      schema: { body: chapterPresidentSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await setChapterPresident(db(), actor(request), request.body.memberId);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/visitors/hosts/:memberId',
    {
      config: { access: { minRole: 'LEADERSHIP' } },
      schema: {
        params: z.object({ memberId: uuidParam(M.notFound) }),
        body: z.strictObject({ host: z.boolean() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await setVisitorHost(db(), actor(request), request.params.memberId, request.body.host);
      return reply.code(204).send(null);
    },
  );
}
