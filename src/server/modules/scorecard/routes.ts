import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEMBER_MESSAGES } from '../../../domain/members/contracts';
import {
  chapterRulesSchema,
  componentRecordsSchema,
  liveScoreSchema,
  presetsSchema,
  ruleChangeSchema,
  SCORECARD_MESSAGES,
} from '../../../domain/scorecard/contracts';
import { PRESETS } from '../../../domain/scorecard/presets';
import { PRESET_KEYS } from '../../../domain/scorecard/vocabulary';
import { actor, uuidParam } from '../../http/route-params';
import { componentRecords } from './component-records';
import { liveScore } from './live-score';
import { changeChapterRules, readChapterRules } from './rule-sets';

const MEMBERS = { access: { minRole: 'MEMBER' } } as const;
const memberParams = z.object({ id: uuidParam(MEMBER_MESSAGES.memberNotFound) });

/** The scorecard: a chapter's rules as data, and a member's live score with the records behind each point. */
export async function scorecardRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  app.get(
    '/api/scorecard/presets',
    { config: MEMBERS, schema: { response: { 200: presetsSchema } } },
    async () => PRESET_KEYS.map((key) => ({ key, ...PRESETS[key] })),
  );

  app.get(
    '/api/scorecard/rules',
    { config: MEMBERS, schema: { response: { 200: chapterRulesSchema } } },
    async (request) => readChapterRules(db(), actor(request)),
  );

  app.put(
    '/api/scorecard/rules',
    {
      config: { access: { minRole: 'NETWORK_ADMIN' } },
      schema: { body: ruleChangeSchema, response: { 200: chapterRulesSchema } },
    },
    async (request) => changeChapterRules(db(), actor(request), request.body),
  );

  app.get(
    '/api/scorecard/members/:id',
    {
      config: { ...MEMBERS, ownBelow: 'LEADERSHIP' },
      schema: { params: memberParams, response: { 200: liveScoreSchema } },
    },
    async (request) => liveScore(db(), actor(request), request.params.id),
  );

  app.get(
    '/api/scorecard/members/:id/components/:key',
    {
      config: { ...MEMBERS, ownBelow: 'LEADERSHIP' },
      schema: {
        params: memberParams.extend({
          key: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/u, SCORECARD_MESSAGES.componentNotFound),
        }),
        response: { 200: componentRecordsSchema },
      },
    },
    async (request) => componentRecords(db(), actor(request), request.params.id, request.params.key),
  );
}
