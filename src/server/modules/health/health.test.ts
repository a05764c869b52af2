import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asOwner } from '../../test/test-database';

/** Liveness (/api/health) and readiness (/api/ready) apart. */
describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('health says only that the process answers; it reads nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('ready says the database answers and every migration is applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up', migrationsPending: 0 });
  });

  it('is not ready while migrations are pending, and ready again once they are applied', async () => {
    // The migrations' bookkeeping is the owner's: the app's role may only read it.
    const [last] = await asOwner(t.testDb, (query) =>
      query<{ id: number; hash: string; created: string }>(
        'select id, hash, created_at::text as created from drizzle.__drizzle_migrations order by created_at desc limit 1',
      ),
    );
    await asOwner(t.testDb, (query) =>
      query('delete from drizzle.__drizzle_migrations where id = $1', [last!.id]),
    );
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', database: 'up', migrationsPending: 1 });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await asOwner(t.testDb, (query) =>
        query('insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3::bigint)', [
          last!.id,
          last!.hash,
          last!.created,
        ]),
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

/** The first step of a stop (SIGTERM): out of the balancer, keep-alive off, still serving. */
describe('a draining instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ready 503 at once and closes each connection after its answer, but keeps serving', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(before.headers.connection).not.toBe('close');
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

    t.app.drain.start();
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', databaseKind: 'postgres', draining: true });
    for (const url of ['/api/health', '/api/network/stats', '/api/auth/user']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(url === '/api/auth/user' ? 401 : 200);
      expect(res.headers.connection, url).toBe('close');
    }
  });
});
