import { describe, expect, it } from 'vitest';
import { todayIn } from '../../../domain/dates';
import { injectAs } from '../../test/requests';
import { startSmtpSink } from '../../test/smtp-sink';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { smtpTransport } from '../notifications/email/mail-transport';

const TOKEN = 'metrics-token-0123456789';
const FAST = { emailMs: 50, nudgesMs: 0 };

/** One series' value from Prometheus' text format, by its exact name and labels; undefined when absent. */
function series(text: string, nameAndLabels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${nameAndLabels} `));
  return line === undefined ? undefined : Number(line.slice(nameAndLabels.length + 1));
}

const scrape = (t: TestApp, authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

async function eventually(read: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await read()) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
}

/** GET /metrics in Prometheus text format, off unless METRICS_TOKEN is set. */
describe('metrics', () => {
  it('are off without METRICS_TOKEN: /metrics is not found, whatever token is sent', async () => {
    const t = await createTestApp();
    try {
      for (const auth of [undefined, `Bearer ${TOKEN}`]) {
        const res = await scrape(t, auth);
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('http_request_duration_seconds');
      }
    } finally {
      await t.close();
    }
  });

  it('with METRICS_TOKEN answer only that bearer token', async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    try {
      for (const auth of [
        undefined,
        `Bearer ${TOKEN}x`,
        `Bearer ${TOKEN.slice(1)}`,
        TOKEN,
        `Basic ${TOKEN}`,
      ]) {
        const res = await scrape(t, auth);
        expect(res.statusCode).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.body).not.toContain('http_request_duration_seconds');
      }
      const res = await scrape(t, `Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });

  it('count requests by route pattern and status, and show the pool', async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    try {
      const member = await signInAs(t.db, 'MEMBER');
      for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
      await injectAs(t, member, { method: 'GET', url: `/api/attendance/stats/${member.userId}` });
      await t.app.inject({ method: 'GET', url: `/api/attendance/stats/${member.userId}` });

      const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
      const count = (labels: string) => series(text, `http_request_duration_seconds_count{${labels}}`);
      expect(count('method="GET",route="/api/health",status_code="200"')).toBe(3);
      // An unknown path is counted under the catch-all's pattern, never its own URL.
      expect(count('method="GET",route="/*",status_code="404"')).toBe(1);
      expect(text).not.toContain('no-such-route');
      // The pattern, not the URL: one series for every member's stats.
      expect(count('method="GET",route="/api/attendance/stats/:memberId",status_code="200"')).toBe(1);
      expect(count('method="GET",route="/api/attendance/stats/:memberId",status_code="401"')).toBe(1);
      expect(text).not.toContain(member.userId);
      expect(series(text, 'db_pool_max_connections')).toBe(t.testDb.url ? 25 : 1);
      expect(series(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(series(text, 'db_pool_connections{state="waiting"}')).toBe(0);
      expect(series(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it('count emails sent and retried, the queue age and the job runs', async () => {
    const sink = await startSmtpSink();
    const down = await startSmtpSink();
    const downUrl = down.url;
    await down.close();
    for (const [url, outcome] of [
      [sink.url, 'sent'],
      [downUrl, 'retried'],
    ] as const) {
      const t = await createTestApp({
        env: { METRICS_TOKEN: TOKEN },
        buildOptions: { mailTransport: smtpTransport(url, 'NoCo <no-reply@localhost>'), runJobs: FAST },
      });
      try {
        const giver = await signInAs(t.db, 'MEMBER');
        const taker = await signInAs(t.db, 'MEMBER');
        const res = await injectAs(t, giver, {
          method: 'POST',
          url: '/api/referrals/give',
          payload: { toMemberId: taker.userId, amount: '120.00', saleDate: todayIn() },
        });
        expect(res.statusCode).toBe(201);
        let text = '';
        await eventually(async () => {
          text = (await scrape(t, `Bearer ${TOKEN}`)).body;
          return series(text, `mail_deliveries_total{outcome="${outcome}"}`) === 1;
        });
        expect(series(text, `mail_deliveries_total{outcome="${outcome}"}`)).toBe(1);
        expect(series(text, 'mail_deliveries_total{outcome="failed"}')).toBeUndefined();
        expect(series(text, 'job_runs_total{job="email_batch",outcome="ok"}')).toBeGreaterThanOrEqual(1);
        expect(series(text, 'job_runs_total{job="schedule_meetings",outcome="ok"}')).toBeGreaterThanOrEqual(
          1,
        );
        expect(series(text, 'job_duration_seconds_count{job="referral_nudges"}')).toBeGreaterThanOrEqual(1);
        if (outcome === 'retried') {
          // The waiting email shows its age once the worker has read it.
          await eventually(async () => {
            text = (await scrape(t, `Bearer ${TOKEN}`)).body;
            return series(text, 'mail_queue_oldest_unsent_seconds')! > 0;
          });
          expect(series(text, 'mail_queue_oldest_unsent_seconds')).toBeGreaterThan(0);
        } else {
          expect(series(text, 'mail_queue_oldest_unsent_seconds')).toBe(0);
        }
      } finally {
        await t.close();
      }
    }
    await sink.close();
  });
});
