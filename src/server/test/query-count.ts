import { expect } from 'vitest';

/** Queries that belong to authentication, not to the route under test (session lookup and touch). */
const AUTH_QUERY = /"sessions"/;

/**
 * Records the SQL a test app runs: pass `onQuery` to createTestApp, then `count(run)` gives how many
 * queries `run` caused, not counting the session lookup.
 */
export function queryRecorder() {
  const queries: string[] = [];
  return {
    onQuery: (query: string) => {
      queries.push(query);
    },
    async count(run: () => Promise<unknown>): Promise<number> {
      queries.length = 0;
      await run();
      return queries.filter((query) => !AUTH_QUERY.test(query)).length;
    },
  };
}

/**
 * Proves a list is a fixed number of queries (no N+1): counts `run`, lets `grow` add rows, and
 * expects the same count again.
 */
export async function expectFixedQueryCount(
  recorder: ReturnType<typeof queryRecorder>,
  run: () => Promise<unknown>,
  grow: () => Promise<unknown>,
): Promise<number> {
  const small = await recorder.count(run);
  expect(small).toBeGreaterThan(0);
  await grow();
  expect(await recorder.count(run), 'query count grew with the rows').toBe(small);
  return small;
}
