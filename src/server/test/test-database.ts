import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let reachable: Promise<boolean> | undefined;

/** Whether the machine's PostgreSQL answers; otherwise tests fall back to PGlite and say so. */
export function postgresReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch (err) {
      // CI must prove concurrency on real PostgreSQL; there a missing server is a failure, not a fallback.
      if (process.env.CI) throw new Error(`CI needs PostgreSQL at ${ADMIN_URL}`, { cause: err });
      console.warn(
        `PostgreSQL not reachable at ${ADMIN_URL}: running on PGlite (no concurrency guarantees).`,
      );
      return false;
    }
  })();
  return reachable;
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Connection string of the per-file database, when on PostgreSQL. */
  url: string | undefined;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A fresh, migrated database for one test file: its own PostgreSQL database, or in-memory PGlite. */
export async function createTestDatabase(
  options: { onQuery?: (query: string, params: unknown[]) => void } = {},
): Promise<TestDatabase> {
  if (!(await postgresReachable())) {
    const handle = openDatabase({ dataDir: 'memory://', onQuery: options.onQuery });
    await handle.migrate();
    return { handle, url: undefined, drop: () => handle.close() };
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(ADMIN_URL, name);
  const handle = openDatabase({
    databaseUrl: url,
    dataDir: 'unused',
    poolSize: 25,
    onQuery: options.onQuery,
  });
  await handle.migrate();
  return {
    handle,
    url,
    drop: async () => {
      await handle.close().catch(() => undefined);
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** An empty database without migrations, for the migration tests. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_empty_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(ADMIN_URL, name),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
