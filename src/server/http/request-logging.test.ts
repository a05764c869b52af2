import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, signInAs, type TestApp } from '../test/test-app';

/** The log keeps one line per request and never a member's data. */
describe('request logging', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void lines.push(line) },
      extraRoutes: (app) => {
        // A real failing query whose parameter is a member's data.
        const querystring = z.object({ token: z.string() });
        app.post('/api/test/bad-query', { config: { access: 'public' }, schema: { querystring } }, async () =>
          app.database.db.execute(sql`select 1 / (length(${'secret-applicant@example.com'}) - 28)`),
        );
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

  it('writes exactly one line per request', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.url === '/api/health');
    expect(lines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ method: 'GET', status: 200, msg: 'request' });
  });

  it('names a signed-in caller by their id, and never by name or email', async () => {
    const member = await signInAs(t.db, 'MEMBER', {
      firstName: 'Logan',
      lastName: 'Quietly',
      email: 'logan.quiet@example.com',
    });
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: member.cookie });
    await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    const [signedIn, stranger] = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(signedIn).toMatchObject({ url: '/api/auth/user', status: 200, userId: member.userId });
    expect(stranger).toMatchObject({ url: '/api/auth/user', status: 401 });
    expect(stranger).not.toHaveProperty('userId');
    expect(lines.join('\n')).not.toMatch(/Quietly|logan\.quiet/);
  });
});
