import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  agendaActionSchema,
  agendaStateSchema,
  agendaTemplateSchema,
} from '../../../domain/attendance/agenda';
import {
  CHECK_IN_MESSAGES,
  doorViewSchema,
  meetingCodesSchema,
  roomViewSchema,
  selfCheckInViewSchema,
  tapBatchSchema,
} from '../../../domain/attendance/check-in';
import { MEETING_MESSAGES } from '../../../domain/attendance/meetings';
import { publicOrigin } from '../../auth/public-origin';
import { chapterScopeOf } from '../../db/chapter-scope';
import { actor, idParams } from '../../http/route-params';
import { HttpError, notFound } from '../../lib/http-error';
import { visitEmailContext } from '../visitors/visit-emails';
import { agendaTemplate, roomView, runAgenda, saveAgendaTemplate } from './agenda-timer';
import { applyTaps, doorView, refuseCodesOfClosedWeek, selfCheckIn } from './check-in';
import { meetingRowIn } from './meeting-queries';
import { chapterSchedule } from './meeting-settings';
import { type MeetingTokenPurpose, meetingToken, readMeetingToken } from './meeting-tokens';
import { selfCheckInView } from './self-check-in-view';

const LEADERS = { access: { minRole: 'LEADERSHIP' } } as const;
/**
 * A member checking in with a room's code: the signed code names the meeting, whichever chapter it is, so a
 * member of another chapter is told they are not one of its members (the check in `selfCheckIn`), not that it
 * does not exist.
 */
const CODE_HOLDERS = { access: { minRole: 'MEMBER' }, chapterReach: 'agency' } as const;
const meetingIdParams = idParams(MEETING_MESSAGES.notFound);
const tokenParams = z.object({ token: z.string().max(200) });

/** Meeting mode: taps at the door, the room's QR code and display, the agenda timer. */
export async function checkInRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const secret = app.config.sessionSecret;

  /** The meeting a link names: a forged one is unknown (404); an old one, or one of a moved meeting, expired. */
  const meetingOfToken = async (purpose: MeetingTokenPurpose, token: string) => {
    const reading = readMeetingToken(secret, purpose, token);
    if (!reading.valid) throw notFound(CHECK_IN_MESSAGES.codeInvalid);
    if (reading.expired) throw new HttpError('CONFLICT', CHECK_IN_MESSAGES.codeExpired);
    // A signed link to a meeting deleted since is as unknown as a forged one; any other failure stands.
    const meeting = await meetingRowIn(db(), reading.meetingId, { all: true }).catch((error: unknown) => {
      throw error instanceof HttpError && error.code === 'NOT_FOUND'
        ? notFound(CHECK_IN_MESSAGES.codeInvalid)
        : error;
    });
    if (meeting.meetingDate !== reading.meetingDate) {
      throw new HttpError('CONFLICT', CHECK_IN_MESSAGES.codeExpired);
    }
    if (purpose === 'check-in') refuseCodesOfClosedWeek(meeting);
    return meeting;
  };

  app.get(
    '/api/meetings/:id/door',
    { config: LEADERS, schema: { params: meetingIdParams, response: { 200: doorViewSchema } } },
    async (request) => doorView(db(), request.params.id, chapterScopeOf(request.user)),
  );

  app.post(
    '/api/meetings/:id/taps',
    {
      config: LEADERS,
      schema: { params: meetingIdParams, body: tapBatchSchema, response: { 200: doorViewSchema } },
    },
    async (request) => {
      const tickets = await applyTaps(
        db(),
        actor(request),
        request.params.id,
        request.body.taps,
        visitEmailContext(app.config),
      );
      return { ...(await doorView(db(), request.params.id, chapterScopeOf(request.user))), tickets };
    },
  );

  app.get(
    '/api/meetings/:id/codes',
    { config: LEADERS, schema: { params: meetingIdParams, response: { 200: meetingCodesSchema } } },
    async (request) => {
      const meeting = await meetingRowIn(db(), request.params.id, chapterScopeOf(request.user));
      if (meeting.state === 'closed' || meeting.state === 'holiday') {
        throw new HttpError('CONFLICT', CHECK_IN_MESSAGES.notOpen);
      }
      refuseCodesOfClosedWeek(meeting);
      const origin = publicOrigin(app.config);
      const checkIn = meetingToken(secret, 'check-in', meeting);
      const checkInUrl = `${origin}/check-in/${checkIn.token}`;
      const schedule = await chapterSchedule(db(), meeting.chapterId);
      return {
        checkInUrl,
        checkInQrSvg: await QRCode.toString(checkInUrl, {
          type: 'svg',
          margin: 1,
          errorCorrectionLevel: 'M',
        }),
        checkInExpiresAt: checkIn.expiresAt.toISOString(),
        timeZone: schedule.timeZone,
        timeFormat: schedule.timeFormat,
        displayUrl: `${origin}/room/${meetingToken(secret, 'room', meeting).token}`,
      };
    },
  );

  app.get(
    '/api/check-in/:token',
    { config: CODE_HOLDERS, schema: { params: tokenParams, response: { 200: selfCheckInViewSchema } } },
    async (request) => {
      const meeting = await meetingOfToken('check-in', request.params.token);
      return selfCheckInView(db(), actor(request), meeting);
    },
  );

  app.post(
    '/api/check-in/:token',
    { config: CODE_HOLDERS, schema: { params: tokenParams, response: { 200: selfCheckInViewSchema } } },
    async (request) => {
      const meeting = await meetingOfToken('check-in', request.params.token);
      await selfCheckIn(db(), actor(request), meeting.id);
      return selfCheckInView(db(), actor(request), meeting);
    },
  );

  app.get(
    '/api/room/:token',
    { config: { access: 'public' }, schema: { params: tokenParams, response: { 200: roomViewSchema } } },
    async (request, reply) => {
      const meeting = await meetingOfToken('room', request.params.token);
      reply.header('Cache-Control', 'no-store');
      return roomView(db(), meeting);
    },
  );

  app.get(
    '/api/meetings/agenda',
    { config: LEADERS, schema: { response: { 200: agendaTemplateSchema } } },
    async (request) => agendaTemplate(db(), actor(request)),
  );

  app.put(
    '/api/meetings/agenda',
    { config: LEADERS, schema: { body: agendaTemplateSchema, response: { 200: agendaTemplateSchema } } },
    async (request) => saveAgendaTemplate(db(), actor(request), request.body.agenda),
  );

  app.post(
    '/api/meetings/:id/agenda',
    {
      config: LEADERS,
      schema: { params: meetingIdParams, body: agendaActionSchema, response: { 200: agendaStateSchema } },
    },
    async (request) => runAgenda(db(), actor(request), request.params.id, request.body.action),
  );
}
