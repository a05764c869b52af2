import { count, eq, inArray } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailboxMessages, notificationEmailOptOuts, notifications } from '../../../db/schema';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { createTestApp, createUser, TEST_ORIGIN, type TestApp } from '../../../test/test-app';
import type { NewNotification } from '../notify';
import { unsubscribeToken } from '../unsubscribe-token';
import { EMAIL_RETRY, runEmailBatch } from './email-worker';
import { type MailTransport, mailboxTransport, smtpTransport } from './mail-transport';

const header = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '');

describe('the notification email worker, against a real SMTP server on loopback', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let smtp: MailTransport;
  let ann: { id: string; email: string };
  let clock: Date;

  const worker = (
    options: { transport?: MailTransport; workerId?: string; at?: Date; batchSize?: number } = {},
  ) =>
    runEmailBatch({
      db: t.db,
      transport: options.transport ?? smtp,
      workerId: options.workerId ?? 'worker-a',
      networkName: 'NoCo Referral Network',
      origin: TEST_ORIGIN,
      secret: t.app.config.sessionSecret,
      now: () => options.at ?? clock,
      batchSize: options.batchSize,
    });
  const tellAnn = async (over: Partial<NewNotification> = {}) => {
    const [row] = await t.db
      .insert(notifications)
      .values({
        userId: ann.id,
        kind: 'referral_awaiting',
        title: 'A referral waits for your decision',
        body: 'Bo Taker credited you with a $300.00 referral. Approve or decline it on your dashboard.',
        link: '/dashboard?tab=referrals#pending-referrals',
        emailNextAttemptAt: clock,
        ...over,
      })
      .returning();
    return row!;
  };
  const statusOf = async (id: string) =>
    (await t.db.select().from(notifications).where(eq(notifications.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    sink = await startSmtpSink();
    smtp = smtpTransport(sink.url, '"NoCo Referral Network" <no-reply@localhost>');
    ann = await createUser(t.db, 'MEMBER', { firstName: 'Ann', lastName: 'Giver', email: 'ann@example.com' });
  });
  afterAll(async () => {
    smtp.close();
    await sink.close();
    await t.close();
  });
  beforeEach(async () => {
    // Each test starts with an empty queue and inbox, at its own time.
    await t.db.update(notifications).set({ emailStatus: 'sent' });
    sink.received.length = 0;
    sink.refuseNext(0, 451);
    clock = new Date(Date.now() + 60_000);
  });

  it('sends one email per notification: text and HTML, links from PUBLIC_URL, one-click unsubscribe', async () => {
    const n = await tellAnn();
    expect(await worker()).toEqual({ sent: 1, retried: 0, failed: 0, skipped: 0 });
    const [mail] = await sink.waitFor(1);
    expect(mail!.to).toMatchObject({ value: [{ address: 'ann@example.com' }] });
    expect(mail!.from?.text).toBe('"NoCo Referral Network" <no-reply@localhost>');
    expect(mail!.subject).toBe('A referral waits for your decision - NoCo Referral Network');
    expect(mail!.messageId).toBe(`<notification-${n.id}@localhost>`);
    expect(mail!.text).toContain('Hi Ann Giver,');
    expect(mail!.text).toContain('Bo Taker credited you with a $300.00 referral.');
    expect(mail!.text).toContain(`Open it: ${TEST_ORIGIN}/dashboard?tab=referrals#pending-referrals`);
    expect(mail!.html).toContain(`href="${TEST_ORIGIN}/dashboard?tab=referrals#pending-referrals"`);
    expect(mail!.html).toContain('NoCo Referral Network');

    const token = unsubscribeToken(t.app.config.sessionSecret, ann.id, 'referral_awaiting');
    const unsubscribeUrl = `${TEST_ORIGIN}/email/unsubscribe?token=${token}`;
    expect(header(mail!, 'List-Unsubscribe')).toBe(`<${unsubscribeUrl}>`);
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail!, 'Auto-Submitted')).toBe('auto-generated');
    expect(mail!.text).toContain(`Stop these emails: ${unsubscribeUrl}`);
    expect((await statusOf(n.id)).emailStatus).toBe('sent');

    // Opening the link asks first and changes nothing; the mail client's one-click POST switches it off.
    const path = `/email/unsubscribe?token=${token}`;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop these emails?');
    expect(await t.db.select().from(notificationEmailOptOuts)).toHaveLength(0);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You are unsubscribed');
    expect(await t.db.select().from(notificationEmailOptOuts)).toMatchObject([
      { userId: ann.id, kind: 'referral_awaiting' },
    ]);

    // The next notification of that kind stays in the app only; other kinds still send.
    const quiet = await tellAnn();
    const other = await tellAnn({ kind: 'referral_decided', title: 'Your referral was approved' });
    expect(await worker()).toMatchObject({ sent: 1, skipped: 1 });
    expect((await statusOf(quiet.id)).emailStatus).toBe('skipped');
    expect((await statusOf(other.id)).emailStatus).toBe('sent');
    expect(sink.received).toHaveLength(2);
    await t.db.delete(notificationEmailOptOuts);
  });

  it('refuses a forged or altered unsubscribe token, changing nothing', async () => {
    const token = unsubscribeToken(t.app.config.sessionSecret, ann.id, 'referral_awaiting');
    const altered = token.replace('referral_awaiting', 'referral_decided');
    for (const bad of [altered, 'nonsense', `${token}x`, '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/email/unsubscribe?token=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.body).toContain('This unsubscribe link is not valid');
    }
    expect(await t.db.select().from(notificationEmailOptOuts)).toHaveLength(0);
  });

  it('retries a temporary refusal with backoff and sends once', async () => {
    const n = await tellAnn();
    sink.refuseNext(1, 451);
    expect(await worker()).toMatchObject({ sent: 0, retried: 1 });
    const waiting = await statusOf(n.id);
    expect(waiting).toMatchObject({ emailStatus: 'pending', emailAttempts: 1 });
    expect(waiting.emailLastError).toMatch(/451/);
    // Not before its next attempt is due.
    expect(await worker()).toMatchObject({ sent: 0, retried: 0 });
    expect(await worker({ at: new Date(clock.getTime() + 31_000) })).toMatchObject({ sent: 1 });
    expect(await worker({ at: new Date(clock.getTime() + 120_000) })).toMatchObject({ sent: 0 });
    expect(sink.received).toHaveLength(1);
    expect(await statusOf(n.id)).toMatchObject({ emailStatus: 'sent', emailAttempts: 2 });
  });

  it('gives up at once on a permanent refusal', async () => {
    const n = await tellAnn();
    sink.refuseNext(1, 550);
    expect(await worker()).toMatchObject({ failed: 1 });
    expect(await worker({ at: new Date(clock.getTime() + 3_600_000) })).toMatchObject({ sent: 0 });
    expect(sink.received).toHaveLength(0);
    expect((await statusOf(n.id)).emailStatus).toBe('failed');
  });

  it('never sends twice when a worker stops between sending and recording it', async () => {
    const n = await tellAnn();
    // The first worker hands the email over, then never returns: the process died before recording it.
    const dying: MailTransport = {
      ...smtp,
      send: async (id, email) => {
        await smtp.send(id, email);
        await new Promise(() => {});
      },
    };
    void worker({ transport: dying, workerId: 'dying' });
    await sink.waitFor(1);
    expect((await statusOf(n.id)).emailStatus).toBe('sending');

    // A restarted worker, before and after the dead one's claim runs out, sends nothing more.
    expect(await worker({ workerId: 'restarted' })).toMatchObject({ sent: 0 });
    const later = new Date(clock.getTime() + EMAIL_RETRY.sendingMs + 1_000);
    expect(await worker({ workerId: 'restarted', at: later })).toMatchObject({ sent: 0 });
    expect(sink.received).toHaveLength(1);
    expect((await statusOf(n.id)).emailStatus).toBe('unknown');
  });

  it('hands an interrupted email to the local mailbox again, which keeps it once', async () => {
    const mailbox = mailboxTransport(() => t.db);
    const n = await tellAnn();
    const dying: MailTransport = {
      ...mailbox,
      send: async (id, email) => {
        await mailbox.send(id, email);
        await new Promise(() => {});
      },
    };
    void worker({ transport: dying, workerId: 'dying' });
    const kept = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(mailboxMessages)
          .where(eq(mailboxMessages.notificationId, n.id))
      )[0]!.n;
    for (let i = 0; i < 200 && (await kept()) === 0; i++) await new Promise((r) => setTimeout(r, 25));
    const later = new Date(clock.getTime() + EMAIL_RETRY.sendingMs + 1_000);
    expect(await worker({ transport: mailbox, workerId: 'restarted', at: later })).toMatchObject({ sent: 1 });
    expect(await kept()).toBe(1);
    expect((await statusOf(n.id)).emailStatus).toBe('sent');
  });

  it('lets two workers share the queue without sending any notification twice', async () => {
    const rows = await Promise.all(
      Array.from({ length: 30 }, (_, i) => tellAnn({ body: `Notification ${i}` })),
    );
    const drain = async (workerId: string) => {
      let total = 0;
      for (;;) {
        const { sent } = await worker({ workerId, batchSize: 4 });
        if (sent === 0) return total;
        total += sent;
      }
    };
    const [a, b] = await Promise.all([drain('worker-a'), drain('worker-b')]);
    expect(a + b).toBe(30);
    await sink.waitFor(30);
    const ids = sink.received.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(30);
    const states = await t.db
      .select({ status: notifications.emailStatus })
      .from(notifications)
      .where(
        inArray(
          notifications.id,
          rows.map((r) => r.id),
        ),
      );
    expect(states.every((s) => s.status === 'sent')).toBe(true);
  });
});
