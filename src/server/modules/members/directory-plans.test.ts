import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planner } from '../../test/query-plans';
import { createTestApp, type TestApp } from '../../test/test-app';
import { analyzeAsOwner, postgresReachable } from '../../test/test-database';

const hasPostgres = await postgresReachable();

/**
 * Every directory lookup path has an index, checked with EXPLAIN at 10,000 members on real
 * PostgreSQL (the planner's choice, not a timing). Each query here is the one the route sends.
 */
describe.runIf(hasPostgres)('directory query plans at 10,000 members', () => {
  let t: TestApp;
  let plans: Awaited<ReturnType<typeof planner>>;
  beforeAll(async () => {
    t = await createTestApp();
    // Guests and leaders among them, as in a real network: under row-level security the planner may not read a
    // column's most common values for a non-leakproof operator (the role enum's `<>`), so it estimates from how
    // many roles there are; with every row a member, `role <> 'GUEST'` looked like no row at all.
    await t.db.execute(sql`
      insert into users (email, slug, role, first_name, last_name, business_name, industry, description)
      select 'm' || i || '@example.com', 'member-' || i,
             (case i % 10 when 0 then 'GUEST' when 1 then 'LEADERSHIP' else 'MEMBER' end)::user_role,
             'First' || i, 'Last' || i,
             'Business ' || i, 'Industry ' || (i % 400), 'Description of member ' || i
      from generate_series(1, 10000) as i`);
    await analyzeAsOwner(t.testDb, ['users']);
    plans = await planner(t.testDb.url);
  });
  afterAll(async () => {
    await plans?.close();
    await t?.close();
  });

  const explain = (text: string, params: unknown[] = []) => plans.explain(text, params);

  it('reads a page in name order from users_directory_order_idx', async () => {
    const plan = await explain(
      `select id from users where role <> 'GUEST'
       order by lower(coalesce(first_name, '')), lower(coalesce(last_name, '')), id limit 9 offset 18`,
    );
    expect(plan).toContain('users_directory_order_idx');
    expect(plan).not.toMatch(/Sort\b/);
  });

  it('finds an industry seat holder through users_industry_seat_idx', async () => {
    const plan = await explain(
      `select id from users where chapter_id = (select id from chapters order by created_at limit 1)
         and lower(industry) = lower($1) and role <> 'GUEST' order by lower(industry), created_at limit 1`,
      ['Industry 7'],
    );
    expect(plan).toContain('users_industry_seat_idx');
  });

  /**
   * The picker's search text (member-queries.ts choiceDocument), each typed word a `~ '\\mstem'`, on the view
   * it reads (`member_choices`, which row-level security leaves to the trigram index).
   */
  const choiceSearch = (words: number) =>
    `select id from member_choices as users where role <> 'GUEST' and ${Array.from(
      { length: words },
      (_, i) =>
        `lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(business_name, '') || ' ' || coalesce(position, '') || ' ' || coalesce(industry, '')) ~ $${i + 1}`,
    ).join(' and ')}
     order by lower(coalesce(first_name, '')), lower(coalesce(last_name, '')), id limit 21`;

  it('walks the name order for a word every member shares (the statistics on the picker text)', async () => {
    const plan = await explain(choiceSearch(1), ['\\mindustry']);
    expect(plan).toContain('users_directory_order_idx');
    expect(plan).not.toMatch(/Sort\b/);
  });

  it('finds a rare word through the picker’s trigram index', async () => {
    const plan = await explain(choiceSearch(2), ['\\mbusiness', '\\m1234']);
    expect(plan).toContain('users_choice_search_trgm_idx');
  });
});
