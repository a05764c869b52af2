import { get } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/** Issue 8.3 and 8.16: the log keeps one line per request and never a member's data. */
describe('request logging', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void lines.push(line) },
      extraRoutes: (app) => {
        // A real failing query whose parameter is a member's data.
        app.post('/api/test/bad-query', { config: { access: 'public' } }, async () =>
          app.database.db.execute(sql`select 1 / (length(${'secret-applicant@example.com'}) - 28)`),
        );
        // A compressed answer that takes a moment, for a client that leaves before it comes.
        app.get('/api/test/slow-answer', { config: { access: 'public' } }, async () => {
          await new Promise((resolve) => setTimeout(resolve, 100));
          return { items: Array.from({ length: 500 }, (_, i) => ({ id: i, name: `Member ${i}` })) };
        });
      },
    });
  });
  afterAll(() => t.close());

  it('logs a failed query without its parameters and answers 500 without details', async () => {
    lines.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/bad-query?token=abc',
      payload: { email: 'secret-applicant@example.com' },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(500);
    const log = lines.join('\n');
    expect(log).toContain('unhandled error');
    expect(log).toContain('22012'); // division_by_zero: the code is kept
    expect(log).not.toContain('secret-applicant');
    expect(log).not.toContain('token=abc');
  });

  it('logs a client that leaves during a compressed answer as the client leaving, not as an error', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    lines.length = 0;
    const request = get(`${address}/api/test/slow-answer`, { headers: { 'accept-encoding': 'br' } });
    request.on('error', () => undefined); // the hang-up below
    await new Promise((resolve) => setTimeout(resolve, 30));
    request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const entries = lines.map((l) => JSON.parse(l) as { level: number; msg: string; url?: string });
    expect(entries.filter((e) => e.level >= 50)).toEqual([]);
    expect(entries.map((e) => e.msg)).toContain('client left before the answer was sent');
  });

  it('writes exactly one line per request', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.url === '/api/health');
    expect(lines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ method: 'GET', status: 200, msg: 'request' });
  });
});
