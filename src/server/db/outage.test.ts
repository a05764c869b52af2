import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../domain/messages';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, postgresReachable, type TestDatabase } from '../test/test-database';
import { openDatabase } from './client';

const PG_PORT = 5432;

/** A TCP relay to PostgreSQL that the test can cut and restore, to stage a database outage. */
function startRelay(port: number): Promise<{ server: Server; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = connect(PG_PORT, '127.0.0.1');
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, sockets })));
}

const hasPostgres = await postgresReachable();

describe.runIf(hasPostgres)('database outage', () => {
  let app: App;
  let relay: { server: Server; sockets: Set<Socket> };
  let testDb: TestDatabase;
  // Below Linux's ephemeral range (32768 up), so no connection's local port already holds it.
  const port = 20000 + Math.floor(Math.random() * 12000);

  beforeAll(async () => {
    relay = await startRelay(port);
    // A migrated database of its own, reached through the relay: readiness also checks the migrations.
    testDb = await createTestDatabase();
    const name = new URL(testDb.url!).pathname;
    const database = openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}${name}`,
      dataDir: 'unused',
    });
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database, webRoot: '/nonexistent' });
    app.addHook('onClose', () => database.close());
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    relay.server.close();
    await testDb.drop();
  });

  it('answers 503 while the database is down and recovers without a restart', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

    const closed = new Promise<void>((resolve) => relay.server.close(() => resolve()));
    for (const s of relay.sockets) s.destroy();
    await closed;

    // Not ready (out of the load balancer), yet alive: a liveness probe must not restart it for this.
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'down', databaseKind: 'postgres' });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });

    // A route that needs the database answers 503 with no internals.
    const user = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: 'sid=whatever' },
    });
    expect(user.statusCode).toBe(503);
    expect(user.json()).toEqual({ code: 'UNAVAILABLE', message: MESSAGES.databaseUnavailable });

    relay = await startRelay(port);
    const recovered = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(recovered.statusCode).toBe(200);
  });
});
