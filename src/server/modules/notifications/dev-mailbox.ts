import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailboxMessages } from '../../db/schema';
import { idParams } from '../../http/route-params';
import { escapeHtml } from '../../lib/escape-html';
import { plainPage } from '../../lib/plain-page';

const MAILBOX_SIZE = 50;
const URLS = /(https?:\/\/[^\s<>"']+)/g;

/** Escaped plain text with its addresses made clickable. */
const linkify = (text: string) => escapeHtml(text).replace(URLS, (url) => `<a href="${url}">${url}</a>`);

/**
 * The development mailbox: with no SMTP server configured, the emails the app would have sent are kept
 * and listed here, newest first. Registered only outside production (the email shows unsubscribe links).
 */
export async function devMailboxRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  app.get('/dev/mailbox', { config: { access: 'public' } }, async (_request, reply) => {
    const rows = await db()
      .select()
      .from(mailboxMessages)
      .orderBy(desc(mailboxMessages.createdAt))
      .limit(MAILBOX_SIZE);
    const items = rows
      .map(
        (m) => `<article style="border-top:1px solid #e2e8f0;padding:1rem 0">
<h2 style="font-size:1rem;margin:0">${escapeHtml(m.subject)}</h2>
<p style="margin:.25rem 0">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC ·
<a href="/dev/mailbox/${m.notificationId}">View as HTML</a>${m.calendar ? ` · <a href="/dev/mailbox/${m.notificationId}/invite.ics">Calendar invitation (invite.ics)</a>` : ''}</p>
<pre style="white-space:pre-wrap;font-size:.85rem;background:#f8fafc;padding:.75rem;border-radius:6px">${linkify(m.text)}</pre>
</article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(
      plainPage(
        'Development mailbox',
        `<h1>Development mailbox</h1>
<p>No SMTP_URL is set, so nothing leaves this machine: these are the emails that would have been sent (newest ${MAILBOX_SIZE}).</p>
${items || '<p><strong>No emails yet.</strong> Give a referral to another member and one appears here within a few seconds.</p>'}`,
        { wide: true },
      ),
    );
  });

  app.get(
    '/dev/mailbox/:id',
    { config: { access: 'public' }, schema: { params: idParams('No such email') } },
    async (request, reply) => {
      const [row] = await db()
        .select({ html: mailboxMessages.html })
        .from(mailboxMessages)
        .where(eq(mailboxMessages.notificationId, request.params.id));
      if (!row) return reply.code(404).send({ code: 'NOT_FOUND', message: 'No such email' });
      return reply.type('text/html; charset=utf-8').send(row.html);
    },
  );

  // The invitation an email carried, as the recipient's mail program offers it.
  app.get(
    '/dev/mailbox/:id/invite.ics',
    { config: { access: 'public' }, schema: { params: idParams('No such email') } },
    async (request, reply) => {
      const [row] = await db()
        .select({ calendar: mailboxMessages.calendar })
        .from(mailboxMessages)
        .where(eq(mailboxMessages.notificationId, request.params.id));
      if (!row?.calendar) return reply.code(404).send({ code: 'NOT_FOUND', message: 'No such invitation' });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="invite.ics"')
        .send(row.calendar);
    },
  );
}
