import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresReachable, type TestDatabase } from './test/test-database';

const hasPostgres = await postgresReachable();

/**
 * Issue 48.6: SIGTERM waits for the requests in flight, those whose client already left included, before
 * the pool closes. The requests are held in their session lookup by a lock on `sessions` taken from outside,
 * so they are still reading when the signal arrives.
 */
describe.runIf(hasPostgres)('shutdown on SIGTERM', () => {
  let testDb: TestDatabase;
  let locker: pg.Client;
  // Another connection: inside the locker's transaction pg_stat_activity would stay one snapshot.
  let watcher: pg.Client;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    locker = new pg.Client({ connectionString: testDb.url });
    await locker.connect();
    watcher = new pg.Client({ connectionString: testDb.url });
    await watcher.connect();
  });
  afterAll(async () => {
    await locker.end().catch(() => undefined);
    await watcher.end().catch(() => undefined);
    await testDb.drop();
  });

  it('answers the slow requests, lets those whose client left finish, then closes the pool and exits 0', async () => {
    const port = 20000 + Math.floor(Math.random() * 12000);
    const server = startServer(port, testDb.url!);
    try {
      await until(
        async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.ok,
      );
      await locker.query('begin');
      await locker.query('lock table sessions in access exclusive mode');
      // Each its own token: concurrent reads of one session share one lookup.
      let sent = 0;
      const slow = (signal?: AbortSignal) =>
        fetch(`http://127.0.0.1:${port}/api/auth/user`, {
          headers: { authorization: `Bearer not-a-session-token-${++sent}` },
          signal,
        });
      const answered = [slow(), slow(), slow()];
      const leaving = Array.from({ length: 3 }, () => new AbortController());
      const left = leaving.map((c) => slow(c.signal).catch(() => 'left'));
      await until(() => waitingOnLock(watcher, 6));
      for (const c of leaving) c.abort();
      expect(await Promise.all(left)).toEqual(['left', 'left', 'left']);

      server.child.kill('SIGTERM');
      await sleep(500);
      expect(server.child.exitCode).toBeNull(); // still waiting for the six
      await locker.query('commit');

      expect((await Promise.all(answered)).map((r) => r.status)).toEqual([401, 401, 401]);
      expect(await server.exited).toBe(0);
      const log = server.output();
      expect(log).toContain('shut down: in-flight requests finished, database closed');
      expect(log).not.toContain('database unavailable');
      expect(log).not.toContain('Cannot use a pool after calling end');
      // The wait counted the three whose client had left with the three still waiting for an answer.
      expect(log).toContain('"inFlight":6,"msg":"waiting for requests in flight"');
    } finally {
      await locker.query('rollback').catch(() => undefined);
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 60_000);
});

async function waitingOnLock(client: pg.Client, count: number): Promise<boolean> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
  );
  return (rows[0]?.n ?? 0) >= count;
}

async function until(check: () => Promise<unknown> | unknown, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out`);
    await sleep(50);
  }
}

function startServer(port: number, databaseUrl: string) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      SHUTDOWN_TIMEOUT_MS: '20000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}
