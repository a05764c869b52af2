import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '../../../domain/admin/audit';
import {
  attendanceLimitInputSchema,
  attendanceLimitSchema,
  duesInputSchema,
  duesStatsSchema,
  networkSettingsSchema,
} from '../../../domain/admin/contracts';
import { chapterScopeOf } from '../../db/chapter-scope';
import { actor } from '../../http/route-params';
import { listAuditLog } from '../audit/audit-queries';
import { readAttendanceLimit, updateAttendanceLimit } from './attendance-limit';
import { duesStatistics, readNetworkSettings, updateDefaultDues } from './network-settings';

const ADMINS = { access: { minRole: 'NETWORK_ADMIN' } } as const;

export async function settingsRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  // Any member reads the default: their Network ROI is measured against it.
  app.get(
    '/api/settings/network',
    { config: { access: { minRole: 'MEMBER' } }, schema: { response: { 200: networkSettingsSchema } } },
    async (request) => readNetworkSettings(db(), actor(request)),
  );

  app.put(
    '/api/settings/network/dues',
    { config: ADMINS, schema: { body: duesInputSchema, response: { 200: networkSettingsSchema } } },
    async (request) => updateDefaultDues(db(), actor(request), request.body),
  );

  // The limit absences count against (once a 'Coming Soon' setting, now kept per chapter).
  app.get(
    '/api/settings/network/attendance-limit',
    { config: ADMINS, schema: { response: { 200: attendanceLimitSchema } } },
    async (request) => readAttendanceLimit(db(), actor(request)),
  );

  app.put(
    '/api/settings/network/attendance-limit',
    {
      config: ADMINS,
      schema: { body: attendanceLimitInputSchema, response: { 200: attendanceLimitSchema } },
    },
    async (request) => updateAttendanceLimit(db(), actor(request), request.body),
  );

  app.get(
    '/api/settings/network/dues-stats',
    { config: ADMINS, schema: { response: { 200: duesStatsSchema } } },
    async (request) => duesStatistics(db(), chapterScopeOf(request.user)),
  );

  // Who changed roles, seats and dues: administrators read it in the Settings tab, newest first.
  app.get(
    '/api/settings/audit-log',
    { config: ADMINS, schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request) => listAuditLog(db(), request.query.page, chapterScopeOf(request.user)),
  );
}
