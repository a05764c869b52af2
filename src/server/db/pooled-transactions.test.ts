import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, createTestDatabase, postgresReachable, type TestDatabase } from '../test/test-database';
import { type Database, selectRows } from './client';
import { isRetryableConflict } from './pooled-transactions';

describe('isRetryableConflict', () => {
  it('knows deadlocks and serialization failures, also wrapped, and nothing else', () => {
    expect(isRetryableConflict({ code: '40P01' })).toBe(true);
    expect(isRetryableConflict({ code: '40001' })).toBe(true);
    expect(isRetryableConflict(new Error('query failed', { cause: { code: '40P01' } }))).toBe(true);
    expect(isRetryableConflict({ code: '23505' })).toBe(false);
    expect(isRetryableConflict({ code: '57P01' })).toBe(false);
    expect(isRetryableConflict(undefined)).toBe(false);
  });
});

const hasPostgres = await postgresReachable();

/** Resolves when `count` parties have arrived. */
function barrier(count: number) {
  let arrived = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return async () => {
    arrived += 1;
    if (arrived >= count) open();
    await opened;
  };
}

describe.runIf(hasPostgres)('transactions on PostgreSQL', () => {
  let testDb: TestDatabase;
  let db: Database;
  let first: string;
  let second: string;

  // Two rows of a table of the test's own: no trigger of the app's (a version row every public change locks)
  // may serialize the two transactions before they reach each other's row.
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.handle.db;
    await asOwner(testDb, (query) =>
      query(`create table deadlock_rows (id text primary key, name text not null);
             insert into deadlock_rows values ('first', 'Plumbing'), ('second', 'Roofing')`),
    );
    first = 'first';
    second = 'second';
  });
  afterAll(() => testDb.drop());

  const rename = (tx: Pick<Database, 'execute'>, id: string, name: string) =>
    tx.execute(sql`update deadlock_rows set name = ${name} where id = ${id}`);

  it('runs the whole transaction again when PostgreSQL picks it as a deadlock victim', async () => {
    const bothHoldOne = barrier(2);
    const attempts = { a: 0, b: 0 };
    // A locks the first row then wants the second; B the other way round: PostgreSQL must abort one.
    const a = db.transaction(async (tx) => {
      attempts.a += 1;
      await rename(tx, first, `Plumbing A${attempts.a}`);
      if (attempts.a === 1) await bothHoldOne();
      await rename(tx, second, `Roofing A${attempts.a}`);
    });
    const b = db.transaction(async (tx) => {
      attempts.b += 1;
      await rename(tx, second, `Roofing B${attempts.b}`);
      if (attempts.b === 1) await bothHoldOne();
      await rename(tx, first, `Plumbing B${attempts.b}`);
    });
    await Promise.all([a, b]);

    // Exactly one of them ran twice, and its second run committed last, in full.
    expect(attempts.a + attempts.b).toBe(3);
    const retried = attempts.a === 2 ? 'A2' : 'B2';
    const names = await selectRows<{ name: string }>(db, sql`select name from deadlock_rows order by name`);
    expect(names.map((r) => r.name)).toEqual([`Plumbing ${retried}`, `Roofing ${retried}`]);
  });

  it('gives up after one retry: a second conflict reaches the caller', async () => {
    let attempts = 0;
    const failing = db.transaction(async (tx) => {
      attempts += 1;
      await tx.execute(sql`select 1`);
      throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    await expect(failing).rejects.toThrow('could not serialize access');
    expect(attempts).toBe(2);
  });

  it('never retries other errors', async () => {
    let attempts = 0;
    const failing = db.transaction(async () => {
      attempts += 1;
      throw Object.assign(new Error('duplicate'), { code: '23505' });
    });
    await expect(failing).rejects.toThrow('duplicate');
    expect(attempts).toBe(1);
  });
});
