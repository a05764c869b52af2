import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { precompressDir } from '../../../scripts/precompress.mjs';
import type { Role } from '../../domain/roles/roles';
import { type App, type BuildAppOptions, buildApp } from '../app';
import { createSession } from '../auth/session-store';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import type { users } from '../db/schema';
import { insertUserWithUniqueSlug } from '../modules/users/insert-user';
import { createTestDatabase, type TestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://localhost:3999';

let webRoot: string | undefined;

/**
 * A stand-in for dist/web, so SPA serving is tested without a build. Built once per worker: the server
 * only reads it, and brotli at full strength cost every test file's setup 10-15 ms.
 */
function makeWebRoot(): string {
  webRoot ??= writeWebRoot();
  return webRoot;
}

function writeWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'noco-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head><!--app-meta--><title>Test</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(root, 'assets', 'main-abc123.js'), 'console.log("app");');
  // A source map left in the web root by mistake: it must still never be served.
  writeFileSync(join(root, 'assets', 'main-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  // Big enough to be pre-compressed, as the build does for real assets.
  const lines = Array.from({ length: 400 }, (_, i) => `export const value${i} = "member ${i}";`);
  writeFileSync(join(root, 'assets', 'app-def456.js'), lines.join('\n'));
  writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  precompressDir(root);
  return root;
}

/**
 * A test instance's configuration. Sessions and the directory version are read fresh unless a test turns
 * their notices on: a test writing straight to the database would otherwise race the notice
 * (session-revocations.test.ts and directory-notices.test.ts test them).
 */
const testConfig = (dataDir: string, env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: dataDir,
    SESSION_CACHE_SECONDS: '0',
    DIRECTORY_NOTICES: 'false',
    ...env,
  });

export interface TestApp {
  app: App;
  db: Database;
  testDb: TestDatabase;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    extraRoutes?: (app: FastifyInstance) => void;
    onQuery?: (query: string, params: unknown[]) => void;
    logStream?: { write(line: string): void };
    buildOptions?: Pick<BuildAppOptions, 'mailTransport' | 'runJobs' | 'rateLimits'>;
    /** Connect as the tables' owner: row-level security off, the scoping helper the only lock. */
    asOwner?: boolean;
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase({ onQuery: options.onQuery, asOwner: options.asOwner });
  // Uploaded pictures go to a folder of this test's own, never the project's ./data.
  const dataDir = mkdtempSync(join(tmpdir(), 'noco-data-'));
  const config = testConfig(dataDir, options.env);
  const app = await buildApp({
    config,
    database: testDb.handle,
    webRoot: makeWebRoot(),
    extraRoutes: options.extraRoutes,
    logStream: options.logStream,
    ...options.buildOptions,
  });
  await app.ready();
  return {
    app,
    db: testDb.handle.db,
    testDb,
    close: async () => {
      await app.close();
      await testDb.drop();
    },
  };
}

/**
 * Another instance of the app on `t`'s PostgreSQL database (its own pool, as a second server behind a
 * load balancer), with its own environment; closed with `t` or by the caller.
 */
export async function createSecondInstance(
  t: TestApp,
  options: { env?: Record<string, string>; onQuery?: (query: string, params: unknown[]) => void } = {},
): Promise<{ app: App; close(): Promise<void> }> {
  if (!t.testDb.url) throw new Error('A second instance needs PostgreSQL (TEST_DATABASE_URL)');
  const database = openDatabase({ databaseUrl: t.testDb.url, dataDir: 'unused', onQuery: options.onQuery });
  const config = testConfig(mkdtempSync(join(tmpdir(), 'noco-data-')), options.env);
  const app = await buildApp({ config, database, webRoot: makeWebRoot(), runJobs: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close().catch(() => undefined);
    },
  };
}

let counter = 0;

export async function createUser(
  db: Database,
  role: Role,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  counter += 1;
  return insertUserWithUniqueSlug(db, {
    email: `user${counter}-${role.toLowerCase()}@example.com`,
    firstName: 'Test',
    lastName: `${role} ${counter}`,
    role,
    ...overrides,
  });
}

export interface SignedIn {
  userId: string;
  token: string;
  csrfToken: string;
  /** Headers for a cookie session; add the CSRF header for unsafe methods. */
  cookie: { cookie: string };
  unsafe: { cookie: string; 'x-csrf-token': string };
  bearer: { authorization: string };
}

/** Opens a session straight in the database, like a login fixture, for a new user of `role`. */
export async function signInAs(db: Database, role: Role, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(db, role, overrides);
  return { user, ...(await sessionFor(db, user.id)) };
}

export async function sessionFor(db: Database, userId: string): Promise<SignedIn> {
  const session = await createSession(db, userId);
  const cookie = { cookie: `sid=${session.token}` };
  return {
    userId,
    token: session.token,
    csrfToken: session.csrfToken,
    cookie,
    unsafe: { ...cookie, 'x-csrf-token': session.csrfToken },
    bearer: { authorization: `Bearer ${session.token}` },
  };
}
