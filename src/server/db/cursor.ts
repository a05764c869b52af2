import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from './client';

/** How many rows an export asks PostgreSQL for at a time: a few hundred KB of CSV. */
export const CURSOR_BATCH_SIZE = 1000;

/** A row read through a cursor: every column as text (or null), named by its alias. */
export type TextRow<K extends string> = Record<K, string | null>;

/**
 * Columns for a cursor's query, each cast to text and aliased by its key: a cursor's rows come back raw,
 * without Drizzle's mapping, and text reads the same from node-postgres and PGlite.
 */
export function asTextColumns<K extends string>(columns: Record<K, SQLWrapper>): Record<K, SQL.Aliased> {
  return Object.fromEntries(
    Object.entries<SQLWrapper>(columns).map(([key, column]) => [key, sql`(${column})::text`.as(key)]),
  ) as Record<K, SQL.Aliased>;
}

/**
 * Reads `query` through a server-side cursor, `batchSize` rows at a time, and hands each batch to `each`
 * before fetching the next: PostgreSQL sorts once, this process holds one batch, and `each` can wait for
 * the client to drain. One read-only transaction holds the cursor for the length of the read.
 */
export async function forEachBatch<K extends string>(
  db: Database,
  query: SQLWrapper,
  each: (rows: TextRow<K>[]) => Promise<void>,
  batchSize = CURSOR_BATCH_SIZE,
): Promise<void> {
  await db.transaction(
    async (tx) => {
      await tx.execute(sql`declare export_rows no scroll cursor for ${query}`);
      for (;;) {
        // Both drivers answer `{ rows }`; the database type leaves the result shape open.
        const { rows } = (await tx.execute(
          sql`fetch forward ${sql.raw(String(batchSize))} from export_rows`,
        )) as { rows: TextRow<K>[] };
        if (rows.length > 0) await each(rows);
        if (rows.length < batchSize) break;
      }
    },
    { accessMode: 'read only' },
  );
}
