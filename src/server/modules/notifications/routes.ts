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
import { ownRead } from '../../http/own-reads';
import { actor } from '../../http/route-params';
import { readEmailPreferences, updateEmailPreference } from './email-preferences';
import { listNotifications, markRead } from './notification-queries';

const SIGNED_IN = { access: 'signed-in' } as const;

export async function notificationRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  ownRead(
    app,
    '/api/notifications',
    { config: SIGNED_IN, querystring: notificationPageQuerySchema, response: notificationListSchema },
    async (user, query) => listNotifications(db(), user.id, query),
  );

  app.post(
    '/api/notifications/read',
    { config: SIGNED_IN, schema: { body: markReadSchema, response: { 200: unreadSchema } } },
    async (request) => markRead(db(), actor(request).id, request.body),
  );

  ownRead(
    app,
    '/api/notifications/preferences',
    { config: SIGNED_IN, response: emailPreferencesSchema },
    async (user) => readEmailPreferences(db(), user),
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
