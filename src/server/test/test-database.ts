import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { createRoleSql, EMBEDDED_APP_ROLE, grantAppRoleSql } from '../db/app-role';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { projectRoot } from '../lib/project-root';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The role test apps connect as: it owns no table, so the row-level security policies bind it as they bind
 * the app in production (docs/decisions/0039). The admin connection, a superuser, would skip them.
 */
export const TEST_APP_ROLE = 'noco_app_test';

/** Creates the (cluster-wide) app role once; two runs creating it at once both end up with it. */
export async function ensureAppRole(admin: pg.Client): Promise<void> {
  try {
    await admin.query(createRoleSql(TEST_APP_ROLE, true));
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code !== '23505' && code !== '42710') throw err;
  }
}

/** `url` with the app role as its user. */
export function asAppRole(url: string): string {
  const parsed = new URL(url);
  parsed.username = TEST_APP_ROLE;
  parsed.password = '';
  return parsed.toString();
}

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
  /** Connection string of the per-file database as the app's role, when on PostgreSQL. */
  url: string | undefined;
  /** The same database as its owner (a superuser), whom the row-level security policies do not bind. */
  ownerUrl: string | undefined;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

let template: Promise<string> | undefined;

/**
 * A database migrated once and copied for each test file (CREATE DATABASE ... TEMPLATE copies its files):
 * running two dozen migrations per file cost a second or more, on every file of every run and on every
 * mutant of a mutation run. Named by the migrations' hashes, so a changed migration builds a new one; built
 * under an advisory lock and renamed into place when complete, so parallel workers never copy a half-built
 * one. Nothing connects to it afterwards (a copy needs the template to have no connections).
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256');
    // The journal's time too: the migrator skips by it, so a copy must have recorded the same one.
    for (const migration of readMigrationFiles({ migrationsFolder: join(projectRoot(), 'drizzle') }))
      hash.update(`${migration.hash}:${migration.folderMillis}`);
    // And by the app role's grants, which the template holds too.
    hash.update(grantAppRoleSql(TEST_APP_ROLE));
    const name = `t_template_${hash.digest('hex').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `${name}_${randomBytes(4).toString('hex')}`;
        await admin.query(`create database ${building}`);
        const handle = openDatabase({ databaseUrl: withDatabase(ADMIN_URL, building), dataDir: 'unused' });
        await handle.migrate();
        await handle.close();
        await ensureAppRole(admin);
        const owner = new pg.Client({ connectionString: withDatabase(ADMIN_URL, building) });
        await owner.connect();
        await owner.query(grantAppRoleSql(TEST_APP_ROLE));
        await owner.end();
        await admin.query(`alter database ${building} rename to ${name}`);
      }
    } finally {
      await admin.end();
    }
    return name;
  })();
  return template;
}

/** A fresh, migrated database for one test file: its own PostgreSQL database, or in-memory PGlite. */
export async function createTestDatabase(
  options: {
    onQuery?: (query: string, params: unknown[]) => void;
    /** Serve as the tables' owner, whom row-level security does not bind: the scoping helper alone remains. */
    asOwner?: boolean;
  } = {},
): Promise<TestDatabase> {
  if (!(await postgresReachable())) {
    const handle = openDatabase({ dataDir: 'memory://', onQuery: options.onQuery });
    await handle.migrate();
    return { handle, url: undefined, ownerUrl: undefined, drop: () => handle.close() };
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = await migratedTemplate();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const ownerUrl = withDatabase(ADMIN_URL, name);
  const url = asAppRole(ownerUrl);
  const handle = openDatabase({
    databaseUrl: options.asOwner ? ownerUrl : url,
    migrationUrl: ownerUrl,
    dataDir: 'unused',
    poolSize: 25,
    onQuery: options.onQuery,
  });
  // No migrate(): the template is named by the migrations' hashes, so its copy already has every one.
  return {
    handle,
    url,
    ownerUrl,
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

/** The SQLSTATE a statement run at `url` ends with, or 'ok'. */
export async function sqlOutcome(url: string, text: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
    return 'ok';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  } finally {
    await client.end();
  }
}

/**
 * What the role connected by `appUrl` may do (docs/operations.md, "Database roles"): read the migrations' journal but never
 * change it, write the app's rows, create no table. The app role's expected answer is APP_ROLE_RIGHTS.
 */
export async function appRoleRights(appUrl: string) {
  return {
    readJournal: await sqlOutcome(appUrl, 'select count(*) from drizzle.__drizzle_migrations'),
    deleteJournal: await sqlOutcome(appUrl, 'delete from drizzle.__drizzle_migrations'),
    addToJournal: await sqlOutcome(
      appUrl,
      "insert into drizzle.__drizzle_migrations (hash, created_at) values ('forged', 1)",
    ),
    emptyJournal: await sqlOutcome(appUrl, 'truncate drizzle.__drizzle_migrations'),
    writeAppTable: await sqlOutcome(appUrl, 'update network_settings set time_zone = time_zone'),
    createTable: await sqlOutcome(appUrl, 'create table public.intruder (id int)'),
  };
}

export const APP_ROLE_RIGHTS = {
  readJournal: 'ok',
  deleteJournal: '42501',
  addToJournal: '42501',
  emptyJournal: '42501',
  writeAppTable: 'ok',
  createTable: '42501',
};

/** A database an earlier release left: a client for its old rows, and the app's handle to migrate the rest. */
export interface EarlierDatabase {
  url: string;
  client: pg.Client;
  handle: DatabaseHandle;
}

/**
 * Runs `work` on a new database holding only the first `count` migrations (as a previous release left it), then
 * closes its connections and drops it, whatever `work` did.
 */
export async function withDatabaseBefore<T>(
  count: number,
  work: (db: EarlierDatabase) => Promise<T>,
): Promise<T> {
  const empty = await createEmptyPostgresDatabase();
  const client = new pg.Client({ connectionString: empty.url });
  await client.connect();
  const handle = openDatabase({ databaseUrl: empty.url, dataDir: 'unused' });
  try {
    await applyMigrationsBefore(client, count);
    return await work({ url: empty.url, client, handle });
  } finally {
    await handle.close();
    await client.end();
    await empty.drop();
  }
}

/**
 * Applies the first `count` migrations to `client`'s (empty) database and records them as Drizzle does:
 * the database a previous release left, for a test of the migration after them.
 */
export async function applyMigrationsBefore(client: pg.Client, count: number): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: join(projectRoot(), 'drizzle') });
  await client.query('create schema drizzle');
  await client.query(
    'create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  for (const migration of migrations.slice(0, count)) {
    for (const statement of migration.sql) await client.query(statement);
    await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      migration.hash,
      migration.folderMillis,
    ]);
  }
}

/**
 * ANALYZE as the tables' owner: the app's role may read the rows but not gather their statistics (PostgreSQL
 * skips a table its caller does not own), as autovacuum, not the app, does in production.
 */
export async function analyzeAsOwner(testDb: TestDatabase, tables: string[]): Promise<void> {
  await asOwner(testDb, async (query) => {
    for (const table of tables) await query(`analyze ${pg.escapeIdentifier(table)}`);
  });
}

type OwnerQuery = <R>(text: string, params?: unknown[]) => Promise<R[]>;

/**
 * Work the app's role may not do (the migrations' bookkeeping, statistics), done as the database's owner: a
 * connection of its own on PostgreSQL; on PGlite its one connection, back to the app's role afterwards.
 */
export async function asOwner<T>(testDb: TestDatabase, work: (query: OwnerQuery) => Promise<T>): Promise<T> {
  if (testDb.ownerUrl) {
    const owner = new pg.Client({ connectionString: testDb.ownerUrl });
    await owner.connect();
    try {
      return await work(async (text, params) => (await owner.query(text, params)).rows);
    } finally {
      await owner.end();
    }
  }
  const db = testDb.handle.db;
  await db.execute(sql.raw('reset role'));
  try {
    return await work(async (text, params) => {
      const result = (await db.execute(sql.raw(params?.length ? inline(text, params) : text))) as unknown as {
        rows: never[];
      };
      return result.rows;
    });
  } finally {
    await db.execute(sql.raw(`set role ${EMBEDDED_APP_ROLE}`));
  }
}

/** PGlite's execute takes no parameters through `sql.raw`: `$n` become quoted literals (test values only). */
const inline = (text: string, params: unknown[]) =>
  text.replace(/\$(\d+)/g, (_, n: string) => `'${String(params[Number(n) - 1]).replaceAll("'", "''")}'`);
