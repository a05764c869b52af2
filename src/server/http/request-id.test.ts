import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Every answer carries X-Request-Id, the id of its log line. */
describe('request ids', () => {
  let t: TestApp;
  const lines: Array<{ reqId?: string; url?: string; status?: number }> = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
      extraRoutes: (app) => {
        app.get('/api/test/explode', { config: { access: 'public' } }, async () => {
          throw new Error('boom');
        });
      },
    });
  });
  afterAll(() => t.close());

  const logLineOf = (url: string) => lines.filter((l) => l.url === url).at(-1);

  it('gives each answer a fresh UUID, the one its log line carries, on success, 404 and 500 alike', async () => {
    const seen = new Set<string>();
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/no-such-route', 404],
      ['/api/test/explode', 500],
      ['/api/health', 200],
    ] as const) {
      lines.length = 0;
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(status);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID);
      expect(logLineOf(url)).toMatchObject({ reqId: id, status });
      seen.add(id as string);
    }
    expect(seen.size).toBe(4);
  });

  it("keeps the proxy's id when it is well-formed", async () => {
    for (const incoming of ['lb-7f3a9c21e0d84b6a', 'Root=1-67891233-abcdef012345678912345678', 'a.b_c:d-e']) {
      lines.length = 0;
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': incoming },
      });
      expect(res.headers['x-request-id']).toBe(incoming);
      expect(logLineOf('/api/health')?.reqId).toBe(incoming);
    }
  });

  it('replaces one that is not: spaces, line breaks, quotes, empty or longer than 128 characters', async () => {
    for (const incoming of ['two words', 'x\\n{"forged":true}', '"quoted"', '', 'a'.repeat(129)]) {
      lines.length = 0;
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': incoming },
      });
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(logLineOf('/api/health')?.reqId).toBe(res.headers['x-request-id']);
    }
    // The longest allowed is kept.
    const longest = 'a'.repeat(128);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': longest },
    });
    expect(res.headers['x-request-id']).toBe(longest);
  });
});
