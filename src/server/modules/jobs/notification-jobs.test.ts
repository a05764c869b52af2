import { describe, expect, it } from 'vitest';
import { todayIn } from '../../../domain/dates';
import { injectAs } from '../../test/requests';
import { startSmtpSink } from '../../test/smtp-sink';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { smtpTransport } from '../notifications/email/mail-transport';

const FAST = { emailMs: 50, nudgesMs: 3_600_000 };

async function giveReferral(t: TestApp) {
  const ann = await signInAs(t.db, 'MEMBER', { firstName: 'Ann', lastName: 'Giver' });
  const bo = await signInAs(t.db, 'MEMBER', { firstName: 'Bo', lastName: 'Taker' });
  const started = Date.now();
  const res = await injectAs(t, ann, {
    method: 'POST',
    url: '/api/referrals/give',
    payload: { toMemberId: bo.userId, amount: '120.00', saleDate: todayIn() },
  });
  return { res, ms: Date.now() - started };
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const health = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/api/ready' })).json();

describe('the notification jobs inside the app', () => {
  it('emails a referral’s recipient within moments, and health shows an empty queue', async () => {
    const sink = await startSmtpSink();
    const t = await createTestApp({
      buildOptions: { mailTransport: smtpTransport(sink.url, 'NoCo <no-reply@localhost>'), runJobs: FAST },
    });
    try {
      const { res } = await giveReferral(t);
      expect(res.statusCode).toBe(201);
      const [mail] = await sink.waitFor(1);
      expect(mail!.subject).toBe('A referral waits for your decision - NoCo Referral Network');
      const body = await eventually(
        () => health(t),
        (h) => h.mailQueue?.oldestUnsentSeconds === null,
      );
      expect(body.mailQueue).toEqual({ oldestUnsentSeconds: null });
    } finally {
      await t.close();
      await sink.close();
    }
  });

  it('never makes the request wait or fail when the SMTP server is down; health shows the waiting mail', async () => {
    const down = await startSmtpSink();
    const url = down.url;
    await down.close();
    const t = await createTestApp({
      buildOptions: { mailTransport: smtpTransport(url, 'NoCo <no-reply@localhost>'), runJobs: FAST },
    });
    try {
      const { res } = await giveReferral(t);
      expect(res.statusCode).toBe(201);
      const body = await eventually(
        () => health(t),
        (h) => typeof h.mailQueue?.oldestUnsentSeconds === 'number',
      );
      expect(body.status).toBe('ok');
      expect(body.mailQueue.oldestUnsentSeconds).toBeGreaterThanOrEqual(0);
    } finally {
      await t.close();
    }
  });

  it('keeps mail in the development mailbox when no SMTP server is set, and shows it', async () => {
    const t = await createTestApp({ buildOptions: { runJobs: FAST } });
    try {
      expect((await giveReferral(t)).res.statusCode).toBe(201);
      const page = await eventually(
        async () => (await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).body,
        (html) => html.includes('A referral waits for your decision'),
      );
      expect(page).toContain('Development mailbox');
      expect(page).toContain('A referral waits for your decision - NoCo Referral Network');
      expect(page).toContain('Ann Giver credited you with a $120.00 referral.');
      const id = /\/dev\/mailbox\/([0-9a-f-]{36})/.exec(page)?.[1];
      const html = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}` });
      expect(html.statusCode).toBe(200);
      expect(html.body).toContain('Open in NoCo Referral Network');
    } finally {
      await t.close();
    }
  });

  it('offers the mailbox page only with the local mailbox, never with SMTP', async () => {
    const t = await createTestApp({
      buildOptions: { mailTransport: smtpTransport('smtp://127.0.0.1:1', 'x <x@localhost>') },
    });
    try {
      expect(t.app.registeredRoutes.some((r) => r.url.startsWith('/dev/mailbox'))).toBe(false);
    } finally {
      await t.close();
    }
  });
});
