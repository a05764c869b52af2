import type { Database } from './client';

/**
 * A query built once per database and then only executed. Drizzle spends more CPU composing a select with
 * joins than PostgreSQL spends answering it (a profile of the reviewers' list showed 3 ms of SQL building
 * per request), so the hot reads are prepared: `name` becomes a named server-side statement on each pooled
 * connection. Values vary through `sql.placeholder`. Transactions pass their own `tx`, which gets its own
 * entry, so only plain `db` reads benefit; use it for reads on the request path.
 */
export function preparedQuery<T>(build: (db: Database) => T): (db: Database) => T {
  const byDatabase = new WeakMap<Database, T>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}
