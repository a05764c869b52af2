import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planner } from '../test/query-plans';
import { createTestApp, type TestApp } from '../test/test-app';
import { analyzeAsOwner, postgresReachable } from '../test/test-database';
import { selectRows } from './client';

const hasPostgres = await postgresReachable();

/**
 * The newest-first pages read their first rows straight from an index, in the order ORDER BY ... DESC
 * asks for (DESC NULLS FIRST): built DESC NULLS LAST, the index could not give it, and each page read
 * and sorted all of a member's rows. Checked with EXPLAIN on real PostgreSQL: one member holding 2,000
 * rows among 20,000, the query each route sends.
 */
describe.runIf(hasPostgres)('newest-first page plans', () => {
  let t: TestApp;
  let plans: Awaited<ReturnType<typeof planner>>;
  let heavy: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(sql`
      insert into users (email, slug, role, first_name, last_name)
      select 'p' || i || '@example.com', 'plan-' || i, 'MEMBER', 'Plan', 'Member ' || i
      from generate_series(1, 10) as i`);
    const rows = await selectRows<{ id: string }>(
      t.db,
      sql`select id from users where slug like 'plan-%' order by slug`,
    );
    heavy = rows[0]!.id;
    const others = rows.slice(1).map((r) => r.id);
    await t.db.execute(sql`
      insert into notifications (user_id, kind, title, body, link, created_at)
      select case when g <= 2000 then ${heavy}::uuid else (${`{${others.join(',')}}`}::uuid[])[g % 9 + 1] end,
        'referral_awaiting', 't', 'b', '/dashboard', now() - g * interval '1 minute'
      from generate_series(1, 20000) as g`);
    await t.db.execute(sql`
      insert into referrals (status, amount, sale_date, referrer_id, reporter_id)
      select 'approved', 100, current_date - (g % 700), 
        case when g <= 2000 then ${heavy}::uuid else (${`{${others.join(',')}}`}::uuid[])[g % 9 + 1] end,
        (${`{${others.join(',')}}`}::uuid[])[(g + 1) % 9 + 1]
      from generate_series(1, 20000) as g`);
    await analyzeAsOwner(t.testDb, ['notifications', 'referrals']);
    plans = await planner(t.testDb.url);
  });
  afterAll(async () => {
    await plans?.close();
    await t?.close();
  });

  const explain = (text: string, params: unknown[] = []) => plans.explain(text, params);

  it('reads the bell’s first page from notifications_user_created_id_idx, unsorted', async () => {
    const plan = await explain(
      `select id, title from notifications where user_id = $1 order by created_at desc, id desc limit 21`,
      [heavy],
    );
    expect(plan).toContain('notifications_user_created_id_idx');
    expect(plan).not.toMatch(/Sort\b/);
  });

  it('reads a member’s referral history page from each side’s index, unsorted', async () => {
    for (const [side, index] of [
      ['referrer_id', 'referrals_referrer_sale_idx'],
      ['reporter_id', 'referrals_reporter_sale_idx'],
    ]) {
      const plan = await explain(
        `select id from referrals where ${side} = $1 order by sale_date desc, id desc limit 21`,
        [heavy],
      );
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/Sort\b/);
    }
  });
});
