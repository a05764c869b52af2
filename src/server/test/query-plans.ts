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
    close: () => client.end(),
  };
}
