import type { Logger as DrizzleLogger } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { lockedScope, SET_LOCKED_SCOPE } from './chapter-lock';
import type { Database, Schema } from './client';

type Transaction = Database['transaction'];

/** Deadlock (40P01) or serialization failure (40001): PostgreSQL rolled back, and the same work may succeed. */
export function isRetryableConflict(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (code === '40P01' || code === '40001') return true;
  return isRetryableConflict(cause, depth + 1);
}

/**
 * `db.transaction` for a pool, replacing Drizzle's own in two ways:
 * - The connection is always returned to the pool. Drizzle sends `begin` outside its try, so a
 *   connection PostgreSQL had just terminated stayed checked out for good (seen: 3 of 4 leaked after 12
 *   rounds of pg_terminate_backend), and the pool ran dry.
 * - A deadlock or serialization failure runs the whole transaction once more: PostgreSQL has rolled it
 *   back, so nothing of the first attempt remains. A second failure reaches the caller.
 * - Its first statement after `begin` sets the chapter scope the row-level security policies read
 *   (docs/decisions/0039), sent on the connection itself so query counts see only the work's own statements.
 * One Drizzle instance per pooled connection (pg-pool reuses its client objects) keeps the per-call cost
 * to a map lookup.
 */
export function pooledTransactions(pool: pg.Pool, schema: Schema, logger?: DrizzleLogger): Transaction {
  const byClient = new WeakMap<pg.PoolClient, Database>();
  const onClient = (client: pg.PoolClient) => {
    let db = byClient.get(client);
    if (!db) {
      db = drizzle({ client, schema, logger }) as unknown as Database;
      byClient.set(client, db);
    }
    return db;
  };

  const once: Transaction = async (work, config) => {
    const { scope, actorId } = lockedScope();
    const client = await pool.connect();
    try {
      return await onClient(client).transaction(async (tx) => {
        await client.query(SET_LOCKED_SCOPE, [scope, actorId]);
        return work(tx);
      }, config);
    } finally {
      // pg-pool drops a client whose connection failed (it is no longer queryable) instead of reusing it.
      client.release();
    }
  };

  return async (work, config) => {
    try {
      return await once(work, config);
    } catch (error) {
      if (!isRetryableConflict(error)) throw error;
      return once(work, config);
    }
  };
}
