import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { unsupportedNode } from '../scripts/supported-node.mjs';
import { profileUpdateSchema } from '../src/domain/profile/contracts';
import { createEmptyPostgresDatabase, postgresReachable } from '../src/server/test/test-database';
import { healthy, start } from './server-process';

/**
 * The built server as an operator runs it (`npm start`, `node dist/server/main.js`), stopped the way a
 * container runtime stops it. No browser: these run after the build, in their own Playwright project.
 */

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const BODY = JSON.stringify({ email: 'nobody@demo.test', password: 'not-the-password' });

/** A sign-in request whose headers and first half of the body are sent: in flight until `finish()`. */
function requestInFlight(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let response = '';
  socket.on('data', (chunk) => {
    response += chunk;
  });
  const ended = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(response));
    socket.on('error', () => undefined);
  });
  socket.write(
    `POST /api/auth/signin HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\nConnection: close\r\n\r\n${BODY.slice(0, 10)}`,
  );
  return { finish: () => socket.write(BODY.slice(10)), ended };
}

test.describe('operations', () => {
  test('npm start stops on SIGTERM: the request in flight is answered, the database closes, nothing is left running', async () => {
    const server = start('npm', ['start'], {});
    await healthy(server);
    const serverPid = Number(readFileSync(join(server.dataDir, 'server.pid'), 'utf8'));
    expect(serverPid).not.toBe(server.child.pid);

    const inFlight = requestInFlight(server.port);
    await sleep(300);
    server.child.kill('SIGTERM'); // to npm, as `docker stop` sends it
    await sleep(500);
    inFlight.finish();
    expect(await inFlight.ended).toMatch(/^HTTP\/1\.1 401 /);

    await server.exited;
    await expect.poll(() => isAlive(serverPid), { timeout: 15_000 }).toBe(false);
    expect(server.output()).toContain('shut down: in-flight requests finished, database closed');
    // The embedded database was closed and its folder released.
    expect(existsSync(join(server.dataDir, 'server.pid'))).toBe(false);
  });

  test('a second server on the same data folder refuses to start with one line; the first keeps serving', async () => {
    const first = start(process.execPath, ['dist/server/main.js'], {});
    await healthy(first);
    const second = start(process.execPath, ['dist/server/main.js'], {}, first.dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output().trim()).toBe(
      `Another process (PID ${first.child.pid}) is using the data folder ${first.dataDir}: stop it, or give this one its own DATA_DIR.`,
    );
    expect((await fetch(`http://127.0.0.1:${first.port}/api/health`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  test('a request that never finishes cannot hold the process past SHUTDOWN_TIMEOUT_MS, and that is logged', async () => {
    const server = start(process.execPath, ['dist/server/main.js'], { SHUTDOWN_TIMEOUT_MS: '1500' });
    await healthy(server);
    const stuck = requestInFlight(server.port);
    await sleep(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'shutdown timed out with requests still in flight (SHUTDOWN_TIMEOUT_MS)',
    );
    await stuck.ended;
  });

  test('a refused start names every bad setting in one line, checked before the server code loads', async () => {
    const server = start(process.execPath, ['dist/server/main.js'], {
      NODE_ENV: 'production',
      PORT: 'not-a-port',
      SESSION_SECRET: 'short',
      ALLOW_DEV_IDP_IN_PRODUCTION: 'true',
      ALLOW_MAILBOX_IN_PRODUCTION: 'true',
    });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Invalid configuration, 3 settings to fix: PORT .*; SESSION_SECRET must be at least 32 characters; production needs PUBLIC_URL/,
    );
    // Nothing started: no data folder was claimed.
    expect(existsSync(join(server.dataDir, 'server.pid'))).toBe(false);
    expect(existsSync(join(server.dataDir, 'PG_VERSION'))).toBe(false);
  });

  test('the built server stops on a Node older than it supports, with one line', async () => {
    const older = ['/usr/bin/node', '/usr/local/bin/node'].find(
      (path) =>
        existsSync(path) &&
        unsupportedNode(execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()),
    );
    test.skip(!older, 'no Node older than 22.12 on this machine');
    const server = start(older!, ['dist/server/main.js'], {});
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toMatch(
      /^This needs Node 22\.12 or newer \(Node 24 recommended, see \.nvmrc\); this is Node \d+\.\d+\.\d+\.$/,
    );
  });

  test('in production no source map is published: none in the web root, none linked, none served', async () => {
    const server = start(process.execPath, ['dist/server/main.js'], {
      NODE_ENV: 'production',
      SESSION_SECRET: 'operations-test-secret-of-at-least-32-chars',
      PUBLIC_URL: 'https://noco.example',
      ALLOW_DEV_IDP_IN_PRODUCTION: 'true',
      ALLOW_MAILBOX_IN_PRODUCTION: 'true',
    });
    await healthy(server);
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const html = await (await fetch(`${base}/`)).text();
      // A page the server painted names its entry on the script that loads it after the first paint.
      const scripts = [...html.matchAll(/<script[^>]+(?:src|data-app)="(\/assets\/[^"]+\.js)"/g)].map(
        (m) => m[1]!,
      );
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        const code = await (await fetch(`${base}${script}`)).text();
        expect(code).not.toContain('sourceMappingURL');
        expect((await fetch(`${base}${script}.map`)).status).toBe(404);
        // Built all the same, for reading error reports: beside the site, not in it.
        expect(existsSync(join('dist', 'sourcemaps', `${script}.map`))).toBe(true);
      }
      expect(readdirSync(join('dist', 'web', 'assets')).filter((f) => f.includes('.map'))).toEqual([]);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});

test('the server process keeps serving while PostgreSQL terminates its connections under writes', async () => {
  test.skip(!(await postgresReachable()), 'no PostgreSQL on this machine');
  const database = await createEmptyPostgresDatabase();
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const appName = `noco-ops-${Date.now().toString(36)}`;
  const server = start(process.execPath, ['dist/server/main.js'], {
    DATABASE_URL: database.url,
    DATABASE_APPLICATION_NAME: appName,
    LOG_LEVEL: 'warn',
  });
  try {
    await healthy(server);
    const seed = start(process.execPath, ['--import', 'tsx', 'src/server/cli/seed.ts'], {
      DATABASE_URL: database.url,
    });
    expect(await seed.exited).toBe(0);

    const base = `http://127.0.0.1:${server.port}`;
    const signIn = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-transport': 'bearer' },
      body: JSON.stringify({ email: 'member@demo.test', password: 'demo-password' }),
    });
    const { accessToken } = await signIn.json();
    const auth = { authorization: `Bearer ${accessToken}` };
    // A write in a transaction that notifies no one, so the per-member limit on notifying writes (30 per
    // 10 minutes) never answers in place of the database: the member saves their own profile, unchanged.
    const profile = await (await fetch(`${base}/api/profile`, { headers: auth })).json();
    const edit = JSON.stringify(
      Object.fromEntries(Object.keys(profileUpdateSchema.shape).map((key) => [key, profile[key] ?? null])),
    );
    const save = () =>
      fetch(`${base}/api/profile`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: edit,
      }).then((res) => res.status);
    expect(await save()).toBe(200);

    const statuses: number[] = [];
    let writing = true;
    const writer = async () => {
      while (writing) statuses.push(await save());
    };
    const writers = Array.from({ length: 6 }, writer);
    for (let round = 0; round < 12; round++) {
      await sleep(100);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [appName],
      );
    }
    writing = false;
    await Promise.all(writers);

    expect(server.child.exitCode).toBeNull();
    expect(new Set(statuses)).toEqual(new Set([200, 503]));
    // Connected as the database's superuser, row-level security does not bind: said in the log's own format.
    const logLines = server.output().trim().split('\n');
    expect(logLines.filter((line) => !line.startsWith('{'))).toEqual([]);
    expect(logLines.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: expect.stringMatching(/^DATABASE_URL's role skips row-level security/),
      }),
    );
    for (let i = 0; i < 3; i++) expect(await save()).toBe(200);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await admin.end();
    await database.drop();
  }
});

test('SIGTERM waits for slow requests, those whose client left included, before the pool closes', async () => {
  test.skip(!(await postgresReachable()), 'no PostgreSQL on this machine');
  const database = await createEmptyPostgresDatabase();
  const server = start(process.execPath, ['dist/server/main.js'], {
    DATABASE_URL: database.url,
    SHUTDOWN_TIMEOUT_MS: '20000',
  });
  // The requests wait in their session lookup on a lock taken from outside; a second connection watches
  // (inside the locker's transaction pg_stat_activity would stay one snapshot).
  const locker = new pg.Client({ connectionString: database.url });
  const watcher = new pg.Client({ connectionString: database.url });
  try {
    await healthy(server);
    await locker.connect();
    await watcher.connect();
    await locker.query('begin');
    await locker.query('lock table sessions in access exclusive mode');
    let sent = 0;
    // Each its own token: concurrent reads of one session share one lookup.
    const slow = (signal?: AbortSignal) =>
      fetch(`http://127.0.0.1:${server.port}/api/auth/user`, {
        headers: { authorization: `Bearer not-a-session-token-${++sent}` },
        signal,
      });
    const answered = [slow(), slow(), slow()];
    const leaving = Array.from({ length: 3 }, () => new AbortController());
    const left = leaving.map((c) => slow(c.signal).catch(() => 'left'));
    const waiting = async () =>
      (
        await watcher.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where wait_event_type = 'Lock' and datname = current_database()`,
        )
      ).rows[0]!.n;
    await expect.poll(waiting, { timeout: 15_000 }).toBe(6);
    for (const c of leaving) c.abort();
    expect(await Promise.all(left)).toEqual(['left', 'left', 'left']);

    server.child.kill('SIGTERM');
    await sleep(500);
    expect(server.child.exitCode).toBeNull(); // still waiting for the six
    await locker.query('commit');

    expect((await Promise.all(answered)).map((r) => r.status)).toEqual([401, 401, 401]);
    expect(await server.exited).toBe(0);
    const log = server.output();
    // The wait counted the three whose client had left with the three still waiting for an answer.
    expect(log).toContain('"inFlight":6,"msg":"waiting for requests in flight"');
    expect(log).toContain('shut down: in-flight requests finished, database closed');
    expect(log).not.toContain('database unavailable');
    expect(log).not.toContain('Cannot use a pool after calling end');
  } finally {
    await locker.query('rollback').catch(() => undefined);
    await locker.end().catch(() => undefined);
    await watcher.end().catch(() => undefined);
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await database.drop();
  }
});
