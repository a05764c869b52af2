import pg from 'pg';

/**
 * EXPLAIN on a test database's own connection (a plan is the planner's choice, not a timing): `explain`
 * answers the plan's text, `close` ends the connection.
 */
export async function planner(url: string | undefined) {
  if (!url) throw new Error('Query plans are PostgreSQL’s: run this test with TEST_DATABASE_URL reachable');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    explain: async (text: string, params: unknown[] = []) =>
      (await client.query(`explain ${text}`, params)).rows
        .map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN'])
        .join('\n'),
    /**
     * Runs `text` as one named prepared statement `times` times, as a pooled connection would, and answers
     * how often PostgreSQL planned it anew (custom) or reused its one plan (generic).
     */
    async planReuse(text: string, params: unknown[] = [], times = 10) {
      const name = `plan_reuse_${Math.random().toString(36).slice(2)}`;
      for (let i = 0; i < times; i++) await client.query({ name, text, values: params });
      const { rows } = await client.query(
        'select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = $1',
        [name],
      );
      return rows[0] as { generic: number; custom: number };
    },
    close: () => client.end(),
  };
}
