import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailPreferenceInputSchema,
  emailPreferencesSchema,
  markReadSchema,
  NOTIFICATION_MESSAGES,
  notificationListSchema,
  unreadSchema,
} from '../../../domain/notifications/contracts';
import { NOTIFICATION_KINDS, NOTIFICATION_LINKS } from '../../../domain/notifications/kinds';
import { actor } from '../../http/route-params';
import { escapeHtml } from '../../lib/escape-html';
import { plainPage } from '../../lib/plain-page';
import { readEmailPreferences, setEmailPreference, updateEmailPreference } from './email-preferences';
import { listNotifications, markRead } from './notification-queries';
import { readUnsubscribeToken } from './unsubscribe-token';

const SIGNED_IN = { access: 'signed-in' } as const;
const tokenQuery = z.object({ token: z.string().max(200).default('') });

export async function notificationRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  app.get(
    '/api/notifications',
    { config: SIGNED_IN, schema: { response: { 200: notificationListSchema } } },
    async (request) => listNotifications(db(), actor(request).id),
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

  // Mail clients send RFC 8058's one-click POST as a form body ("List-Unsubscribe=One-Click"); the token
  // in the address is all that counts, so the body is read and ignored.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );

  const invalidLink = plainPage(
    'Unsubscribe',
    `<h1>Unsubscribe</h1><p class="error" role="alert">${escapeHtml(NOTIFICATION_MESSAGES.unsubscribeInvalid)}</p>
<a class="button" href="${NOTIFICATION_LINKS.accountSettings}">Account Settings</a>`,
  );

  // Opening the link asks first, so a mail scanner following links never unsubscribes anyone.
  app.get(
    '/email/unsubscribe',
    { config: { access: 'public' }, schema: { querystring: tokenQuery } },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      const target = readUnsubscribeToken(app.config.sessionSecret, request.query.token);
      if (!target) return reply.code(400).send(invalidLink);
      const label = escapeHtml(NOTIFICATION_KINDS[target.kind].label);
      return reply.send(
        plainPage(
          'Unsubscribe',
          `<h1>Stop these emails?</h1>
<p>You will no longer get an email when: <strong>${label}</strong>. You still see these notifications in the app.</p>
<form method="post" action="/email/unsubscribe?token=${encodeURIComponent(request.query.token)}">
<button type="submit">Stop these emails</button></form>
<a class="button secondary" href="${NOTIFICATION_LINKS.accountSettings}">Keep them and open Account Settings</a>`,
        ),
      );
    },
  );

  app.post(
    '/email/unsubscribe',
    { config: { access: 'public' }, schema: { querystring: tokenQuery } },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      const target = readUnsubscribeToken(app.config.sessionSecret, request.query.token);
      if (!target) return reply.code(400).send(invalidLink);
      // A deleted member's token answers the same, so a token reveals nothing.
      await setEmailPreference(db(), target.userId, { kind: target.kind, email: false });
      const label = escapeHtml(NOTIFICATION_KINDS[target.kind].label);
      return reply.send(
        plainPage(
          'Unsubscribed',
          `<h1>You are unsubscribed</h1>
<p>No more emails when: <strong>${label}</strong>. You can switch them back on in Account Settings.</p>
<a class="button" href="${NOTIFICATION_LINKS.accountSettings}">Account Settings</a>`,
        ),
      );
    },
  );
}
