import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * A query built once per database and then only executed. Drizzle spends more CPU composing a select with
 * joins than PostgreSQL spends answering it (a profile of the reviewers' list showed 3 ms of SQL building
 * per request), so the hot reads are prepared: `name` becomes a named server-side statement on each pooled
 * connection. Values vary through `sql.placeholder`. Transactions pass their own `tx`, which gets its own
 * entry, so only plain `db` reads benefit; use it for reads on the request path.
 */
export function preparedQuery<D extends Pick<Database, 'select'> = Database, T = unknown>(
  build: (db: D) => T,
): (db: D) => T {
  const byDatabase = new WeakMap<D, T>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}

/**
 * `column = any(:ids)` for a prepared query: one statement text for any number of ids (an IN list would
 * be a new statement for each count). Pass the ids as `ids` when executing.
 */
export const anyOfIds = (column: SQLWrapper) => sql`${column} = any(${sql.placeholder('ids')}::uuid[])`;

/**
 * A prepared select's rows as the driver reads them, keyed by column name, skipping Drizzle's mapping of
 * every field of every row (a tenth of a roster page's CPU: docs/decisions/0029). Name each selected
 * field with `.as()` as its key. Both drivers here (node-postgres, PGlite) implement `all`; the abstract
 * prepared query's type does not declare it.
 */
export function driverRows<Row>(prepared: unknown, values: Record<string, unknown>): Promise<Row[]> {
  return (prepared as { all(values: Record<string, unknown>): Promise<Row[]> }).all(values);
}
