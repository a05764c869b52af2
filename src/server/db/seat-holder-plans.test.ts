import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planner } from '../test/query-plans';
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
 * chapters: counted in pages read (EXPLAIN's buffers), not in time. A full read of the accounts is about 400
 * pages; an index probe a handful.
 */
describe.runIf(hasPostgres)('seat holders at 10,000 members', () => {
  let testDb: TestDatabase;
  let plans: Awaited<ReturnType<typeof planner>>;
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
    plans = await planner(testDb.ownerUrl ?? testDb.url);
  });
  afterAll(async () => {
    await plans?.close();
    await testDb?.drop();
  });

  /** Shared pages the statement touched, the function's own reads included. */
  const pagesRead = async (text: string, params: unknown[] = []) => {
    const plan = await plans.explain(`(analyze, buffers, costs off) ${text}`, params);
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
