import type pg from 'pg';

/**
 * Makes every statement this client sends unnamed. Drizzle's `.prepare(name)` (db/prepared.ts) turns into
 * a named server-side statement, which PgBouncer in transaction mode (before 1.21, or without
 * `max_prepared_statements`) breaks: a session's next transaction may reach another server connection,
 * where the name is missing or already taken by someone else. Unnamed, the queries keep Drizzle's one-time
 * SQL building and lose only PostgreSQL's plan reuse.
 */
export function sendUnnamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const unnamed = (...args: unknown[]) => {
    const [config, ...rest] = args;
    if (config && typeof config === 'object' && 'name' in config) {
      return query({ ...config, name: undefined }, ...rest);
    }
    return query(...args);
  };
  client.query = unnamed as typeof client.query;
}
