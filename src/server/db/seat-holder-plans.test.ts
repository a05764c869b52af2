import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyzeAsOwner,
  createTestDatabase,
  postgresReachable,
  type TestDatabase,
} from '../test/test-database';
import { selectRows } from './client';

const hasPostgres = await postgresReachable();

/**
 * The seat rule is read through the chapter's seat index at 10,000 members in two
 * chapters, as the app's role the row-level policies bind: counted in pages read (EXPLAIN's buffers), not in
 * time. A full read of the accounts is about 400
 * pages; an index probe a handful.
 */
describe.runIf(hasPostgres)('seat holders at 10,000 members', () => {
  let testDb: TestDatabase;
  let big: string;
  let small: string;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    const db = testDb.handle.db;
    await db.execute(sql`insert into chapters (name, slug) values ('Small', 'small')`);
    const [row] = await selectRows<{ big: string; small: string }>(
      db,
      sql`select (select id from chapters where slug is distinct from 'small' order by created_at limit 1) as big,
            (select id from chapters where slug = 'small') as small`,
    );
    big = row!.big;
    small = row!.small;
    await db.execute(sql`
      insert into users (email, slug, role, first_name, last_name, industry, chapter_id)
      select 'm' || i || '@example.com', 'member-' || i, 'MEMBER', 'First', 'Last' || i, 'Industry ' || (i % 400),
        case when i <= 9950 then ${big}::uuid else ${small}::uuid end
      from generate_series(1, 10000) as i`);
    await analyzeAsOwner(testDb, ['users']);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  /**
   * Shared pages the statement touched, the function's own reads included, as the app's role with every
   * chapter in scope (an agency administrator), so the row-level policies bind as in production.
   */
  const pagesRead = async (text: string, params: unknown[] = []) => {
    const app = new pg.Client({ connectionString: testDb.url });
    await app.connect();
    let plan = '';
    try {
      await app.query(`set app.chapter_scope = '*'`);
      // Once before, so the count is the statement's reads and not a new connection's catalog lookups.
      await app.query(text, params);
      const { rows } = await app.query(`explain (analyze, buffers, costs off) ${text}`, params);
      plan = rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
    } finally {
      await app.end();
    }
    return (
      Number(/Buffers: shared hit=(\d+)/.exec(plan)?.[1] ?? 0) + Number(/read=(\d+)/.exec(plan)?.[1] ?? 0)
    );
  };

  it('finds one industry’s holder through the seat index, not by reading every account', async () => {
    // A hundred lookups, as an industries list or an import makes them.
    const pages = await pagesRead(
      `select count(seat_holder('Industry ' || g, $1::uuid)) from generate_series(1, 100) g`,
      [big],
    );
    // Reading every account per lookup was about 230,000 pages; a probe is a few dozen (catalog lookups included).
    expect(pages).toBeLessThan(10_000);
    const [holder] = await selectRows<{ id: string | null; first: string | null }>(
      testDb.handle.db,
      sql`select seat_holder('industry 360', ${small}::uuid) as id,
            (select id from users where chapter_id = ${small}::uuid and lower(industry) = 'industry 360'
             order by created_at, id limit 1) as first`,
    );
    expect(holder!.id).toBe(holder!.first);
    expect(holder!.id).not.toBeNull();
  });

  it("lists a chapter's holders from the chapter's rows only", async () => {
    expect(await pagesRead('select count(*) from chapter_seat_holders($1::uuid)', [small])).toBeLessThan(60);
  });
});
