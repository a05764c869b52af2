import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailPreferenceInputSchema,
  emailPreferencesSchema,
  markReadSchema,
  notificationListSchema,
  notificationPageQuerySchema,
  unreadSchema,
} from '../../../domain/notifications/contracts';
import { actor } from '../../http/route-params';
import { readEmailPreferences, updateEmailPreference } from './email-preferences';
import { listNotifications, markRead } from './notification-queries';

const SIGNED_IN = { access: 'signed-in' } as const;

export async function notificationRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  app.get(
    '/api/notifications',
    {
      config: SIGNED_IN,
      schema: { querystring: notificationPageQuerySchema, response: { 200: notificationListSchema } },
    },
    async (request) => listNotifications(db(), actor(request).id, request.query),
  );

  app.post(
    '/api/notifications/read',
    { config: SIGNED_IN, schema: { body: markReadSchema, response: { 200: unreadSchema } } },
    async (request) => markRead(db(), actor(request).id, request.body),
  );

  app.get(
    '/api/notifications/preferences',
    { config: SIGNED_IN, schema: { response: { 200: emailPreferencesSchema } } },
    async (request) => readEmailPreferences(db(), actor(request)),
  );

  app.put(
    '/api/notifications/preferences',
    {
      config: SIGNED_IN,
      schema: { body: emailPreferenceInputSchema, response: { 200: emailPreferencesSchema } },
    },
    async (request) => updateEmailPreference(db(), actor(request), request.body),
  );
}
