// Shared by the benchmark scripts and the Playwright config: a free loopback port, waiting for the built
// server's health, the built server on a fresh PostgreSQL database, and the system Chromium with the flags
// this machine needs.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';

/** A port nobody listens on right now, on 127.0.0.1 (never a fixed number: runs must not collide). */
export const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** Resolves once GET {base}/api/health answers 200; gives up after a minute. */
export async function waitForHealth(base) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/**
 * The built server (`server`) on a new PostgreSQL database on TEST_DATABASE_URL's server, started and
 * healthy. `db` is a client on that database; `session(userId)` opens a session and gives its bearer header;
 * `stop()` ends the server and drops the database.
 */
export async function startOnFreshDatabase(prefix, server = 'dist/server/main.js') {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${Date.now().toString(36)}`;
  const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    DATABASE_URL: dbUrl,
    SEED_DEMO: 'false',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
  };
  const child = spawn('node', [server], { env: { ...process.env, ...env }, stdio: 'inherit' });
  await waitForHealth(base);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  // stop() drops the database with this client still open when a run fails.
  db.on('error', () => {});
  return {
    base,
    dbUrl,
    child,
    db,
    async session(userId) {
      const token = randomBytes(32).toString('base64url');
      await db.query(
        `insert into sessions (token_hash, csrf_token, user_id, expires_at) values ($1, 'x', $2, now() + interval '1 day')`,
        [createHash('sha256').update(token).digest('base64url'), userId],
      );
      return { authorization: `Bearer ${token}` };
    },
    async stop() {
      await db.end().catch(() => {});
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Debian's Chromium (never a downloaded browser) and the flags that keep it off the closed network. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
