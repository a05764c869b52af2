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
import {
  acceptFormBodies,
  consumeFormToken,
  FORM_TOKEN_FIELD,
  formTokenField,
  issueFormToken,
} from '../../http/form-token';
import { RATE_LIMITS } from '../../http/rate-limits';
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

  // Two senders POST here: mail clients with RFC 8058's one-click body ("List-Unsubscribe=One-Click"),
  // and the page's own form with its one-time form token.
  acceptFormBodies(app, 4 * 1024);

  const secret = app.config.sessionSecret;

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
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const target = readUnsubscribeToken(secret, request.query.token);
      if (!target) return reply.code(400).send(invalidLink);
      const label = escapeHtml(NOTIFICATION_KINDS[target.kind].label);
      return reply.send(await render(target, request.query.token, label));
    };
  const options = { config: { access: 'public' as const }, schema: { querystring: tokenQuery } };

  /** Asks before acting, so a mail scanner following links never unsubscribes anyone. */
  const confirmPage = (token: string, label: string, note = '') =>
    plainPage(
      'Unsubscribe',
      `<h1>Stop these emails?</h1>
${note ? `<p class="error" role="alert">${escapeHtml(note)}</p>` : ''}
<p>You will no longer get an email when: <strong>${label}</strong>. You still see these notifications in the app.</p>
<form method="post" action="/email/unsubscribe?token=${encodeURIComponent(token)}">
${formTokenField(issueFormToken(secret, `unsubscribe:${token}`))}
<button type="submit">Stop these emails</button></form>
${settingsLink('Keep them and open Account Settings', 'button secondary')}`,
    );

  app.get(
    '/email/unsubscribe',
    {
      ...options,
      config: {
        ...options.config,
        answer: {
          status: 200,
          type: 'text/html',
          description: 'The page asking to confirm (a link alone stops nothing).',
        },
      },
    },
    withTarget(async (_target, token, label) => confirmPage(token, label)),
  );

  const unsubscribe = withTarget(async (target, _token, label) => {
    // A deleted member's token answers the same, so a token reveals nothing.
    await setEmailPreference(app.database.db, target.userId, { kind: target.kind, email: false });
    return plainPage(
      'Unsubscribed',
      `<h1>You are unsubscribed</h1>
<p>No more emails when: <strong>${label}</strong>. You can switch them back on in Account Settings.</p>
${settingsLink('Account Settings')}`,
    );
  });

  /** A stale or replayed form: ask again with a fresh one rather than act on it. */
  const askAgain = withTarget(async (_target, token, label) =>
    confirmPage(token, label, NOTIFICATION_MESSAGES.unsubscribeFormExpired),
  );

  app.post(
    '/email/unsubscribe',
    {
      ...options,
      config: {
        ...options.config,
        form: true,
        rateLimit: RATE_LIMITS.publicForm,
        answer: {
          status: 200,
          type: 'text/html',
          description: 'The page saying the emails are stopped (a stale form is asked again, with 400).',
        },
      },
    },
    async (request, reply) => {
      // The form parser above gives string fields; a body of another type simply has none of them.
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      const oneClick = body['List-Unsubscribe'] === 'One-Click';
      const page = `unsubscribe:${request.query.token}`;
      if (!oneClick && !(await consumeFormToken(app.database.db, secret, page, body[FORM_TOKEN_FIELD]))) {
        return askAgain(request, reply.code(400));
      }
      return unsubscribe(request, reply);
    },
  );
}
