import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { asSystem, narrowLock, runInLockContext } from './chapter-lock';
import { type DatabaseHandle, openDatabase, selectRows } from './client';

/**
 * On a connection of its own the app keeps the chapter scope as a session setting and sends it only
 * when it changes (docs/decisions/0039). One connection shared by requests of different chapters, run at once,
 * must give each its own rows, whichever request set the connection's scope last; so must the PgBouncer mode,
 * which sets it per statement in a transaction of its own.
 */
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(hasPostgres)('the chapter scope on pooled connections', () => {
  let testDb: TestDatabase;
  const chapterIds: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const rows = await selectRows<{ id: string }>(
      testDb.handle.db,
      sql`insert into chapters (name, slug) values ('Loveland', 'loveland'), ('Greeley', 'greeley') returning id`,
    );
    chapterIds.push(...rows.map((row) => row.id));
    for (const [n, chapterId] of chapterIds.entries())
      await testDb.handle.db.execute(
        sql`insert into users (email, slug, role, chapter_id) values (${`m${n}@example.com`}, ${`m${n}`}, 'MEMBER', ${chapterId})`,
      );
  }, 60_000);
  afterAll(() => testDb?.drop());

  /** The chapters a request narrowed to `scope` sees in `users`. */
  const seenBy = (db: DatabaseHandle['db'], scope: string) =>
    runInLockContext(async () => {
      narrowLock(scope);
      const rows = await selectRows<{ chapter_id: string }>(
        db,
        sql`select distinct chapter_id::text from users where chapter_id is not null order by 1`,
      );
      return rows.map((row) => row.chapter_id);
    });

  for (const namedStatements of [true, false]) {
    it(`gives each of 40 interleaved requests its own chapter on one connection (${namedStatements ? 'session setting' : 'PgBouncer mode: per statement'})`, async () => {
      const handle = openDatabase({
        databaseUrl: testDb.url,
        dataDir: 'unused',
        poolSize: 1,
        namedStatements,
      });
      try {
        const [loveland, greeley] = chapterIds as [string, string];
        const scopes = Array.from({ length: 40 }, (_, i) => [loveland, greeley, '', '*'][i % 4]!);
        const seen = await Promise.all(scopes.map((scope) => seenBy(handle.db, scope)));
        seen.forEach((chapters, i) => {
          const scope = scopes[i]!;
          if (scope === '*') expect(chapters).toEqual(expect.arrayContaining([loveland, greeley]));
          else expect(chapters, `request ${i} narrowed to "${scope}"`).toEqual(scope ? [scope] : []);
        });
        // Work outside any request, after all of them, is the system's again.
        const system = await asSystem(() =>
          selectRows<{ n: number }>(
            handle.db,
            sql`select count(*)::int as n from users where chapter_id is not null`,
          ),
        );
        expect(system[0]?.n).toBeGreaterThanOrEqual(2);
      } finally {
        await handle.close();
      }
    });
  }
});
