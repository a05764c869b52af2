import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTIFICATION_MESSAGES } from '../../../domain/notifications/contracts';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_LINKS,
  type NotificationKind,
} from '../../../domain/notifications/kinds';
import { lineText } from '../../../domain/text';
import { escapeHtml } from '../../lib/escape-html';
import { plainPage } from '../../lib/plain-page';
import { setEmailPreference } from './email-preferences';
import { readUnsubscribeToken } from './unsubscribe-token';

const tokenQuery = z.object({ token: lineText(200).default('') });
const settingsLink = (text: string, className = 'button') =>
  `<a class="${className}" href="${NOTIFICATION_LINKS.accountSettings}">${text}</a>`;
const invalidLink = plainPage(
  'Unsubscribe',
  `<h1>Unsubscribe</h1><p class="error" role="alert">${escapeHtml(NOTIFICATION_MESSAGES.unsubscribeInvalid)}</p>
${settingsLink('Account Settings')}`,
);

/** The signed one-click unsubscribe link of every email (docs/decisions/0013). */
export async function unsubscribeRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  // Mail clients send RFC 8058's one-click POST as a form body ("List-Unsubscribe=One-Click"); the token
  // in the address is all that counts, so the body is read and ignored.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );

  /** Checks the token, then answers the page `render` writes for the member and kind it names. */
  const withTarget =
    (
      render: (
        target: { userId: string; kind: NotificationKind },
        token: string,
        label: string,
      ) => Promise<string>,
    ) =>
    async (request: { query: { token: string } }, reply: FastifyReply) => {
      reply.type('text/html; charset=utf-8');
      const target = readUnsubscribeToken(app.config.sessionSecret, request.query.token);
      if (!target) return reply.code(400).send(invalidLink);
      const label = escapeHtml(NOTIFICATION_KINDS[target.kind].label);
      return reply.send(await render(target, request.query.token, label));
    };
  const options = { config: { access: 'public' as const }, schema: { querystring: tokenQuery } };

  // Opening the link asks first, so a mail scanner following links never unsubscribes anyone.
  app.get(
    '/email/unsubscribe',
    options,
    withTarget(async (_target, token, label) =>
      plainPage(
        'Unsubscribe',
        `<h1>Stop these emails?</h1>
<p>You will no longer get an email when: <strong>${label}</strong>. You still see these notifications in the app.</p>
<form method="post" action="/email/unsubscribe?token=${encodeURIComponent(token)}">
<button type="submit">Stop these emails</button></form>
${settingsLink('Keep them and open Account Settings', 'button secondary')}`,
      ),
    ),
  );

  app.post(
    '/email/unsubscribe',
    options,
    withTarget(async (target, _token, label) => {
      // A deleted member's token answers the same, so a token reveals nothing.
      await setEmailPreference(app.database.db, target.userId, { kind: target.kind, email: false });
      return plainPage(
        'Unsubscribed',
        `<h1>You are unsubscribed</h1>
<p>No more emails when: <strong>${label}</strong>. You can switch them back on in Account Settings.</p>
${settingsLink('Account Settings')}`,
      );
    }),
  );
}
