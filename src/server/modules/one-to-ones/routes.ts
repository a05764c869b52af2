import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingOutcomeSchema,
  bookingSchema,
  bookingsSchema,
  bookOneToOneSchema,
  disputeOneToOneSchema,
  editOneToOneSchema,
  logOneToOneSchema,
  moveBookingSchema,
  ONE_TO_ONE_MESSAGES,
  oneToOnePageQuerySchema,
  oneToOnePageSchema,
  oneToOneProposalDecisionSchema,
  oneToOneProposalSchema,
  oneToOneSchema,
  oneToOneSummarySchema,
  suggestionsSchema,
} from '../../../domain/one-to-ones/contracts';
import { ownRead } from '../../http/own-reads';
import { RATE_LIMITS } from '../../http/rate-limits';
import { actor, idParams } from '../../http/route-params';
import { bookingEmailContext } from './booking-emails';
import { answerBooking, bookOneToOne, cancelBooking, listBookings, moveBooking } from './bookings';
import {
  answerOneToOneProposal,
  deleteOneToOne,
  editOneToOne,
  withdrawOneToOneProposal,
} from './change-one-to-one';
import { disputeOneToOne } from './dispute-one-to-one';
import { logOneToOne } from './log-one-to-one';
import { sendOneToOnesCsv } from './one-to-one-csv';
import { allOneToOnes, listOneToOnes, oneToOneSummary, suggestionsFor } from './one-to-one-lists';
import { oneToOneFor } from './one-to-one-rows';

/** One-to-ones cross chapters, as referrals do: each member reaches the other, whichever chapter they are in. */
const MEMBERS = { access: { minRole: 'MEMBER' }, chapterReach: 'agency' } as const;
/** Writes that notify the other member: the budget shared with referrals. */
const NOTIFYING = { ...MEMBERS, rateLimit: RATE_LIMITS.notifyingWrites };
const oneToOneIdParams = idParams(ONE_TO_ONE_MESSAGES.notFound);
const bookingIdParams = idParams(ONE_TO_ONE_MESSAGES.bookingNotFound);
const proposalIdParams = idParams(ONE_TO_ONE_MESSAGES.proposalNotFound);
const proposalAnswered = z.object({ oneToOne: oneToOneSchema.nullable() });

export async function oneToOneRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const emails = () => bookingEmailContext(app.config);

  /** 201 with the new one-to-one; 200 with the one already logged for the pair and date (from either side). */
  app.post(
    '/api/one-to-ones',
    {
      config: NOTIFYING,
      schema: { body: logOneToOneSchema, response: { 200: oneToOneSchema, 201: oneToOneSchema } },
    },
    async (request, reply) => {
      const { created, oneToOne } = await logOneToOne(db(), actor(request), request.body);
      return reply.code(created ? 201 : 200).send(oneToOne);
    },
  );

  ownRead(
    app,
    '/api/one-to-ones',
    { config: MEMBERS, querystring: oneToOnePageQuerySchema, response: oneToOnePageSchema },
    async (user, query) => listOneToOnes(db(), user.id, query),
  );

  ownRead(
    app,
    '/api/one-to-ones/summary',
    { config: MEMBERS, response: oneToOneSummarySchema },
    async (user) => oneToOneSummary(db(), user.id),
  );

  ownRead(
    app,
    '/api/one-to-ones/suggestions',
    { config: MEMBERS, response: suggestionsSchema },
    async (user) => ({
      items: await suggestionsFor(db(), user),
    }),
  );

  app.get('/api/one-to-ones.csv', { config: MEMBERS }, async (request, reply) =>
    sendOneToOnesCsv(reply, allOneToOnes(db(), actor(request).id)),
  );

  app.get(
    '/api/one-to-ones/:id',
    { config: MEMBERS, schema: { params: oneToOneIdParams, response: { 200: oneToOneSchema } } },
    async (request) => oneToOneFor(db(), request.params.id, actor(request).id),
  );

  app.post(
    '/api/one-to-ones/:id/dispute',
    {
      config: NOTIFYING,
      schema: { params: oneToOneIdParams, body: disputeOneToOneSchema, response: { 200: oneToOneSchema } },
    },
    async (request) => disputeOneToOne(db(), actor(request), request.params.id, request.body.note),
  );

  ownRead(app, '/api/one-to-ones/bookings', { config: MEMBERS, response: bookingsSchema }, async (user) =>
    listBookings(db(), user.id, emails()),
  );

  app.post(
    '/api/one-to-ones/bookings',
    { config: NOTIFYING, schema: { body: bookOneToOneSchema, response: { 201: bookingSchema } } },
    async (request, reply) =>
      reply.code(201).send(await bookOneToOne(db(), actor(request), request.body, emails())),
  );

  app.patch(
    '/api/one-to-ones/bookings/:id',
    {
      config: NOTIFYING,
      schema: { params: bookingIdParams, body: moveBookingSchema, response: { 200: bookingSchema } },
    },
    async (request) => moveBooking(db(), actor(request), request.params.id, request.body, emails()),
  );

  /** Either member calls it off: the booking is kept, cancelled, and both are sent the cancellation. */
  app.delete(
    '/api/one-to-ones/bookings/:id',
    { config: NOTIFYING, schema: { params: bookingIdParams, response: { 200: bookingSchema } } },
    async (request) => cancelBooking(db(), actor(request), request.params.id, emails()),
  );

  app.post(
    '/api/one-to-ones/bookings/:id/outcome',
    {
      config: NOTIFYING,
      schema: { params: bookingIdParams, body: bookingOutcomeSchema, response: { 200: bookingSchema } },
    },
    async (request) =>
      answerBooking(db(), actor(request), request.params.id, request.body.happened, emails()),
  );

  app.patch(
    '/api/one-to-ones/:id',
    {
      config: NOTIFYING,
      schema: { params: oneToOneIdParams, body: editOneToOneSchema, response: { 200: oneToOneSchema } },
    },
    async (request) => editOneToOne(db(), actor(request), request.params.id, request.body),
  );

  /** 204 when removed; 202 with the removal request once its week is closed (the other member answers). */
  app.delete(
    '/api/one-to-ones/:id',
    {
      config: NOTIFYING,
      schema: {
        params: oneToOneIdParams,
        response: { 202: z.object({ proposal: oneToOneProposalSchema }), 204: z.null() },
      },
    },
    async (request, reply) => {
      const { requested } = await deleteOneToOne(db(), actor(request), request.params.id);
      return requested ? reply.code(202).send({ proposal: requested }) : reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/one-to-ones/proposals/:id',
    {
      config: NOTIFYING,
      schema: {
        params: proposalIdParams,
        body: oneToOneProposalDecisionSchema,
        response: { 200: proposalAnswered },
      },
    },
    async (request) => answerOneToOneProposal(db(), actor(request), request.params.id, request.body.decision),
  );

  app.delete(
    '/api/one-to-ones/proposals/:id',
    { config: NOTIFYING, schema: { params: proposalIdParams, response: { 200: proposalAnswered } } },
    async (request) => withdrawOneToOneProposal(db(), actor(request), request.params.id),
  );
}
