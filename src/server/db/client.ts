import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { projectRoot } from '../lib/project-root';
import { createRoleSql, EMBEDDED_APP_ROLE, grantAppRoleSql } from './app-role';
import { beginLocked, lockedScope, SET_LOCKED_SCOPE, SET_SESSION_SCOPE } from './chapter-lock';
import { lockDataDir } from './data-dir-lock';
import { type ListenHandlers, listenOn } from './listen';
import { pooledTransactions } from './pooled-transactions';
import * as schema from './schema';
import { sendUnnamedStatements } from './unnamed-statements';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The `tx` a `db.transaction` callback receives. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Applies the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  /** Connections open, idle and waited for, and the most this instance opens (the metrics read it). */
  poolStats(): { total: number; idle: number; waiting: number; max: number };
  /** LISTEN on a channel over a connection of its own (PostgreSQL only: the embedded one has no other instance). */
  listen?(channel: string, handlers: ListenHandlers): { stop(): Promise<void> };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /**
   * The tables' owner, for migrations (PostgreSQL only): the app connects as a role the row-level security
   * policies bind, which may not change the schema. Unset: migrations run over `databaseUrl`.
   */
  migrationUrl?: string;
  dataDir: string;
  logger?: Pick<Logger, 'warn'>;
  /** Connections per instance (PostgreSQL only); 10 when unset. */
  poolSize?: number;
  /** Shown in pg_stat_activity, so an operator can tell this app's connections apart. */
  applicationName?: string;
  /** False behind PgBouncer in transaction mode: prepared queries go out as unnamed statements. */
  namedStatements?: boolean;
  /** Sees every SQL statement Drizzle sends; tests use it to count queries per request. */
  onQuery?: (query: string, params: unknown[]) => void;
  /**
   * A prepared embedded data folder (scripts/embedded-template.mjs) that an empty `dataDir` is copied
   * from instead of running initdb; missing = initdb as usual.
   */
  templatePath?: string;
}

export const DEFAULT_APPLICATION_NAME = 'noco-network';

/**
 * The embedded cluster's buffer cache. All of it is resident from the start (measured: PGlite on the demo
 * folder held 258 MiB with PostgreSQL's default of 128 MB, 152 MiB with 32 MB); an embedded network (a trial, a small
 * chapter) fits in far less, and its files stay in the operating system's cache besides
 * (docs/decisions/0047).
 */
export const EMBEDDED_SHARED_BUFFERS = '32MB';

export const migrationsFolder = () => join(projectRoot(), 'drizzle');

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
}

function openPostgres(url: string, options: DatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    application_name: options.applicationName ?? DEFAULT_APPLICATION_NAME,
  });
  // A connection lost (57P01 from pg_terminate_backend, a restart, a failover) must never end the process.
  // pg-pool listens on a client only while it is idle (and re-emits here); a checked-out one, between two
  // statements of a transaction, would emit an unheard 'error'. So every client gets its own listener, which
  // logs it once: the request holding it fails its next statement (503), release() drops it, and the pool
  // opens a new connection on demand.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', (err) => options.logger?.warn({ err }, 'PostgreSQL connection lost'));
    if (options.namedStatements === false) sendUnnamedStatements(client);
  });
  pool.query = lockedStatements(pool, options.namedStatements !== false);
  const logger = queryLogger(options);
  const db = drizzleNodePg({ client: pool, schema, logger }) as unknown as Database;
  db.transaction = pooledTransactions(pool, schema, logger);
  return {
    db,
    kind: 'postgres',
    migrate: () => (options.migrationUrl ? migrateAsOwner(options.migrationUrl) : migrateUnderLock(pool)),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
    listen: (channel, handlers) =>
      listenOn(
        {
          connectionString: url,
          connectionTimeoutMillis: 5000,
          application_name: `${options.applicationName ?? DEFAULT_APPLICATION_NAME}-listen`.slice(0, 63),
        },
        channel,
        handlers,
      ),
    close: () => pool.end(),
  };
}

/**
 * `pool.query` (every statement Drizzle sends outside a transaction) with the chapter scope the row-level
 * security policies read (docs/decisions/0039), which refuse every chapter-owned row to a statement without one.
 * - On its own connection (`sessionScope`), the scope is a setting of the session, sent only when the work at
 *   hand wants another one than the connection last had: most statements cost nothing more. A session is one
 *   connection, and only this function sets it, so it is never stale.
 * - Behind PgBouncer in transaction mode a session's statements may reach different server connections, so
 *   each statement runs in a transaction of its own that sets the scope with `SET LOCAL` first.
 */
function lockedStatements(pool: pg.Pool, sessionScope: boolean): pg.Pool['query'] {
  const held = new WeakMap<pg.PoolClient, string>();
  const inSession = async (client: pg.PoolClient, config: string | pg.QueryConfig, values?: unknown[]) => {
    const { scope, actorId } = lockedScope();
    const wanted = `${scope}|${actorId}`;
    if (held.get(client) !== wanted) {
      held.delete(client);
      await client.query(SET_SESSION_SCOPE, [scope, actorId]);
      held.set(client, wanted);
    }
    return client.query(config, values);
  };
  const inTransaction = async (
    client: pg.PoolClient,
    config: string | pg.QueryConfig,
    values?: unknown[],
  ) => {
    await client.query(beginLocked(lockedScope(), (value) => client.escapeLiteral(value)));
    const result = await client.query(config, values);
    await client.query('commit');
    return result;
  };
  const locked = async (config: string | pg.QueryConfig, values?: unknown[]) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await (sessionScope ? inSession : inTransaction)(client, config, values);
    } catch (error) {
      // A connection that cannot even roll back is dropped instead of going back to the pool.
      if (!sessionScope)
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
      throw error;
    } finally {
      client.release(broken);
    }
  };
  return locked as pg.Pool['query'];
}

async function migrateAsOwner(url: string): Promise<void> {
  const owner = new pg.Pool({ connectionString: url, max: 1, application_name: 'noco-network-migrate' });
  try {
    await migrateUnderLock(owner);
  } finally {
    await owner.end();
  }
}

/** Any fixed 64-bit number; instances of this app agree on it, so only one migrates at a time. */
const MIGRATION_LOCK_KEY = 7_264_317_001;

/**
 * Drizzle's migrator, run in one transaction that first takes a transaction-level advisory lock: instances
 * starting together queue here instead of racing to create the same tables (seen: one of two crashed in 5
 * of 7 trials), and the next in line finds everything applied. A transaction-level lock (not a session
 * one) also holds behind PgBouncer in transaction mode, where a session's statements may reach different
 * server connections. Same bookkeeping table and rows as Drizzle's own `migrate`.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query('create schema if not exists drizzle');
    await client.query(
      'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    );
    const { rows } = await client.query<{ created_at: string }>(
      'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    const last = rows[0] ? Number(rows[0].created_at) : undefined;
    for (const migration of migrations) {
      if (last !== undefined && last >= migration.folderMillis) continue;
      for (const statement of migration.sql) await client.query(statement);
      await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        migration.hash,
        migration.folderMillis,
      ]);
    }
    await client.query('commit');
    client.release();
  } catch (err) {
    // Closing the connection rolls back and ends the lock whatever state the transaction was left in.
    client.release(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
}

function queryLogger(options: DatabaseOptions) {
  const { onQuery } = options;
  return onQuery ? { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } : undefined;
}

function openPglite(options: DatabaseOptions): DatabaseHandle {
  const { dataDir, templatePath } = options;
  // 'memory://' keeps a throwaway database for tests; anything else is a folder on disk.
  const onDisk = !dataDir.startsWith('memory://');
  if (onDisk) mkdirSync(dataDir, { recursive: true });
  // One process per folder: PGlite has no lock of its own (a second one would silently diverge).
  const unlock = onDisk ? lockDataDir(dataDir) : () => undefined;
  const empty = onDisk && !existsSync(join(dataDir, 'PG_VERSION'));
  if (empty && templatePath && existsSync(join(templatePath, 'PG_VERSION'))) {
    cpSync(templatePath, dataDir, { recursive: true });
  }
  // pg_trgm backs the directory search index (migration 0005), as it does on PostgreSQL.
  const client = new PGlite(dataDir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite({
    client: lockedPglite(client),
    schema,
    logger: queryLogger(options),
  }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // Migrations run as the embedded cluster's owner; then its one connection switches to the app's role for
    // good, so the same policies bind the embedded app as a PostgreSQL one.
    migrate: async () => {
      await client.exec('reset role');
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: migrationsFolder() });
      await client.exec(
        `${createRoleSql(EMBEDDED_APP_ROLE, false)};\n${grantAppRoleSql(EMBEDDED_APP_ROLE)};\nset role ${EMBEDDED_APP_ROLE}`,
      );
    },
    // One connection, always open; PGlite queues statements itself and does not say how many wait.
    poolStats: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/**
 * The embedded client with every statement in a transaction that sets the chapter scope first, as on
 * PostgreSQL. PGlite runs one transaction at a time, so no other statement slips in between the two.
 */
function lockedPglite(client: PGlite): PGlite {
  const setScope = (tx: Pick<PGlite, 'query'>) => {
    const { scope, actorId } = lockedScope();
    return tx.query(SET_LOCKED_SCOPE, [scope, actorId]);
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (...args: Parameters<PGlite['query']>) =>
          target.transaction(async (tx) => {
            await setScope(tx);
            return tx.query(...args);
          });
      }
      if (property === 'transaction') {
        return <T>(work: Parameters<PGlite['transaction']>[0]) =>
          target.transaction(async (tx) => {
            await setScope(tx);
            return (await work(tx)) as T;
          });
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`, which the shared type does not say. */
export async function selectRows<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
