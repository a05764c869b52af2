import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEMBER_MESSAGES, publicReferralCountsSchema } from '../../../domain/members/contracts';
import { CACHE_SECONDS } from '../../../domain/network/constants';
import { waitingCountSchema } from '../../../domain/notifications/contracts';
import { MAX_BATCH_IDS } from '../../../domain/paging';
import { periodQuerySchema } from '../../../domain/periods/period-query';
import {
  batchMetricsSchema,
  commissionRateSchema,
  editReferralSchema,
  giveReferralSchema,
  pageQuerySchema,
  periodMetricsSchema,
  proposalAnsweredSchema,
  proposalDecisionSchema,
  REFERRAL_MESSAGES,
  referralDecisionSchema,
  referralEventSchema,
  referralExportQuerySchema,
  referralListQuerySchema,
  referralPageSchema,
  referralSchema,
  referralSummarySchema,
  removalRequestedSchema,
  reportReferralSchema,
} from '../../../domain/referrals/contracts';
import { sendCacheable } from '../../http/cacheable';
import { ownRead } from '../../http/own-reads';
import { RATE_LIMITS } from '../../http/rate-limits';
import { actor, idParams, idsBody, uuidParam } from '../../http/route-params';
import { notFound } from '../../lib/http-error';
import { answerReferralProposal, withdrawReferralProposal } from './answer-referral-proposal';
import { decideReferral } from './decide-referral';
import { deleteReferral } from './delete-referral';
import { editReferral } from './edit-referral';
import { giveReferral } from './give-referral';
import { sendReferralsCsv } from './referral-csv';
import {
  exportReferralsFor,
  findReferralFor,
  listPendingFor,
  listProposalsFor,
  listReferralsFor,
  referralSummaryFor,
  waitingCountFor,
} from './referral-lists';
import {
  approvedReferralCounts,
  batchReferralMetrics,
  memberReferralMetrics,
  referralHistory,
} from './referral-queries';
import { reportReferral } from './report-referral';
import { updateCommissionRate } from './update-commission-rate';

const memberIdParams = z.object({ memberId: uuidParam(MEMBER_MESSAGES.memberNotFound) });
const referralIdParams = idParams(REFERRAL_MESSAGES.notFound);
const proposalIdParams = idParams(REFERRAL_MESSAGES.proposalNotFound);
/** Referrals cross chapters: both parties, their names, notices and activity, whichever chapter each is in. */
const MEMBERS = { access: { minRole: 'MEMBER' }, chapterReach: 'agency' } as const;
/** Writes that notify the other party: one shared budget per member. */
const NOTIFYING = { ...MEMBERS, rateLimit: RATE_LIMITS.notifyingWrites };
const referralList = z.array(referralSchema);

export async function referralRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  /** Counts only, for a public profile's statistics card: approved referrals given and received. */
  app.get(
    '/api/referrals/metrics/:memberId',
    {
      config: { access: 'public' },
      schema: { params: memberIdParams, response: { 200: publicReferralCountsSchema } },
    },
    async (request, reply) => {
      const { memberId } = request.params;
      const counts = (await approvedReferralCounts(db(), [memberId])).get(memberId);
      if (!counts) throw notFound(MEMBER_MESSAGES.memberNotFound);
      return sendCacheable(request, reply, counts, CACHE_SECONDS.members);
    },
  );

  ownRead(
    app,
    '/api/referrals/metrics',
    { config: MEMBERS, querystring: periodQuerySchema, response: periodMetricsSchema },
    async (user, query) => memberReferralMetrics(db(), user.id, query.period),
  );

  app.post(
    '/api/referrals/metrics/batch',
    {
      config: MEMBERS,
      schema: { body: idsBody('userIds', MAX_BATCH_IDS), response: { 200: batchMetricsSchema } },
    },
    async (request) => batchReferralMetrics(db(), actor(request), request.body.userIds),
  );

  app.post(
    '/api/referrals/give',
    { config: NOTIFYING, schema: { body: giveReferralSchema, response: { 201: referralSchema } } },
    async (request, reply) => reply.code(201).send(await giveReferral(db(), actor(request), request.body)),
  );

  app.post(
    '/api/referrals/transactions',
    { config: NOTIFYING, schema: { body: reportReferralSchema, response: { 201: referralSchema } } },
    async (request, reply) => reply.code(201).send(await reportReferral(db(), actor(request), request.body)),
  );

  ownRead(
    app,
    '/api/referrals/pending',
    { config: MEMBERS, querystring: pageQuerySchema, response: referralPageSchema },
    async (user, query) => listPendingFor(db(), user.id, query),
  );

  ownRead(
    app,
    '/api/referrals/waiting-count',
    { config: MEMBERS, response: waitingCountSchema },
    async (user) => ({ count: await waitingCountFor(db(), user.id) }),
  );

  /** The history: a page at a time, in either direction. */
  ownRead(
    app,
    '/api/referrals/transactions',
    { config: MEMBERS, querystring: referralListQuerySchema, response: referralPageSchema },
    async (user, query) => listReferralsFor(db(), user.id, query),
  );

  app.get(
    '/api/referrals',
    {
      config: MEMBERS,
      schema: { querystring: referralListQuerySchema, response: { 200: referralPageSchema } },
    },
    async (request) => listReferralsFor(db(), actor(request).id, request.query),
  );

  ownRead(app, '/api/referrals/summary', { config: MEMBERS, response: referralSummarySchema }, async (user) =>
    referralSummaryFor(db(), user.id),
  );

  app.get(
    '/api/referrals/transactions.csv',
    { config: MEMBERS, schema: { querystring: referralExportQuerySchema } },
    async (request, reply) =>
      sendReferralsCsv(reply, actor(request).id, exportReferralsFor(db(), actor(request).id, request.query)),
  );

  app.get(
    '/api/referrals/:id/history',
    {
      config: MEMBERS,
      schema: { params: referralIdParams, response: { 200: z.array(referralEventSchema) } },
    },
    async (request) => {
      // Only a party may read it; for anyone else the referral does not exist.
      if (!(await findReferralFor(db(), request.params.id, actor(request).id)))
        throw notFound(REFERRAL_MESSAGES.notFound);
      return referralHistory(db(), request.params.id);
    },
  );

  app.patch(
    '/api/referrals/:id/status',
    {
      config: NOTIFYING,
      schema: { params: referralIdParams, body: referralDecisionSchema, response: { 200: referralSchema } },
    },
    async (request) => decideReferral(db(), actor(request), { ...request.body, id: request.params.id }),
  );

  app.patch(
    '/api/referrals/:id',
    {
      config: NOTIFYING,
      schema: { params: referralIdParams, body: editReferralSchema, response: { 200: referralSchema } },
    },
    async (request) => editReferral(db(), actor(request), { ...request.body, id: request.params.id }),
  );

  /** 204 when removed; 202 with the removal request when the referral is approved (the other party answers). */
  app.delete(
    '/api/referrals/:id',
    {
      config: NOTIFYING,
      schema: { params: referralIdParams, response: { 202: removalRequestedSchema, 204: z.null() } },
    },
    async (request, reply) => {
      const { requested } = await deleteReferral(db(), actor(request), { id: request.params.id });
      return requested ? reply.code(202).send({ proposal: requested }) : reply.code(204).send(null);
    },
  );

  ownRead(app, '/api/referrals/proposals', { config: MEMBERS, response: referralList }, async (user) =>
    listProposalsFor(db(), user.id),
  );

  app.patch(
    '/api/referrals/proposals/:id',
    {
      config: NOTIFYING,
      schema: {
        params: proposalIdParams,
        body: proposalDecisionSchema,
        response: { 200: proposalAnsweredSchema },
      },
    },
    async (request) =>
      answerReferralProposal(db(), actor(request), { ...request.body, id: request.params.id }),
  );

  app.delete(
    '/api/referrals/proposals/:id',
    { config: NOTIFYING, schema: { params: proposalIdParams, response: { 200: proposalAnsweredSchema } } },
    async (request) => withdrawReferralProposal(db(), actor(request), { id: request.params.id }),
  );

  app.put(
    '/api/profile/commission',
    {
      config: MEMBERS,
      schema: { body: commissionRateSchema, response: { 200: z.object({ commissionPercent: z.string() }) } },
    },
    async (request) => updateCommissionRate(db(), actor(request), request.body),
  );
}
