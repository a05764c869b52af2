import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { planner } from '../../test/query-plans';
import { injectAs } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';
import { analyzeAsOwner, postgresReachable } from '../../test/test-database';

const hasPostgres = await postgresReachable();

/**
 * At 10,000 members every roster page, however deep, is an index range scan from its cursor:
 * the plan of the very query the route sends names the sort's index and sorts nothing.
 */
describe.runIf(hasPostgres)('roster query plans at 10,000 members', () => {
  let t: TestApp;
  let admin: SignedIn;
  let plans: Awaited<ReturnType<typeof planner>>;
  const sent: { query: string; params: unknown[] }[] = [];
  beforeAll(async () => {
    t = await createTestApp({ onQuery: (query, params) => sent.push({ query, params }) });
    admin = await signInAs(t.db, 'NETWORK_ADMIN');
    await t.db.execute(sql`
      insert into users (email, slug, role, first_name, last_name, business_name, industry)
      select 'm' || i || '@example.com', 'member-' || i, 'MEMBER', 'First' || (i % 500), 'Last' || i,
             'Business ' || i, 'Industry ' || (i % 400)
      from generate_series(1, 10000) as i`);
    await t.db.execute(sql`
      update member_totals set present = (hashtext(member_id::text) & 15), absent = (hashtext(member_id::text) >> 4) & 7,
        given_count = (hashtext(member_id::text) >> 8) & 31`);
    await analyzeAsOwner(t.testDb, ['users', 'member_totals']);
    plans = await planner(t.testDb.url);
  });
  afterAll(async () => {
    await plans?.close();
    await t?.close();
  });

  /** The plan of the roster page query `url` sends (the one with a limit, not its count). */
  async function planOf(url: string) {
    sent.length = 0;
    const res = await injectAs(t, admin, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const page = sent.find((s) => /limit/i.test(s.query) && /member_totals/.test(s.query));
    return { plan: await plans.explain(page!.query, page!.params), body: res.json() };
  }

  /** The page query `url` sends, as text and parameters. */
  async function pageQueryOf(url: string) {
    sent.length = 0;
    const res = await injectAs(t, admin, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return {
      ...sent.find((s) => /limit/i.test(s.query) && /member_totals/.test(s.query))!,
      body: res.json(),
    };
  }

  // PostgreSQL plans a prepared statement's first five runs for their values, then keeps one generic plan
  // if it costs no more; with its LIMIT a parameter the generic plan guessed a tenth of the table and every
  // run was planned anew, twice the cost of running it.
  it('plans a page once and reuses the plan, first page, by cursor and last', async () => {
    const first = await pageQueryOf('/api/users?sort=attendance&dir=desc');
    const next = await pageQueryOf(`/api/users?sort=attendance&dir=desc&cursor=${first.body.nextCursor}`);
    const last = await pageQueryOf('/api/users?sort=name&dir=asc&cursor=end');
    for (const page of [first, next, last]) {
      const reuse = await plans.planReuse(page.query, page.params, 10);
      expect(reuse.custom).toBeLessThanOrEqual(5);
      expect(reuse.generic).toBeGreaterThanOrEqual(5);
    }
  });

  it.each([
    ['attendance', 'desc', 'member_totals_attendance_order_idx'],
    ['attendance', 'asc', 'member_totals_attendance_order_idx'],
    ['referrals', 'desc', 'member_totals_referral_count_idx'],
    ['name', 'asc', 'users_roster_name_idx'],
    ['name', 'desc', 'users_roster_name_idx'],
    ['joined', 'asc', 'users_roster_joined_idx'],
  ])('walks %s %s from its cursor through %s', async (sort, dir, index) => {
    const first = await planOf(`/api/users?sort=${sort}&dir=${dir}`);
    expect(first.plan).toContain(index);
    expect(first.plan).not.toMatch(/\bSort\b/);
    const next = await planOf(`/api/users?sort=${sort}&dir=${dir}&cursor=${first.body.nextCursor}`);
    expect(next.plan).toContain(index);
    expect(next.plan).not.toMatch(/\bSort\b/);
    const last = await planOf(`/api/users?sort=${sort}&dir=${dir}&cursor=end`);
    expect(last.plan).toContain(index);
    expect(last.plan).not.toMatch(/\bSort\b/);
  });

  it("sums only the chapter's members for a chapter's roster over a period", async () => {
    const [small] = await selectRows<{ id: string }>(
      t.db,
      sql`insert into chapters (name, slug) values ('Small', 'small') returning id`,
    );
    await t.db.execute(sql`
      insert into users (email, slug, role, first_name, last_name, chapter_id)
      select 's' || i || '@example.com', 'small-' || i, 'MEMBER', 'Small', 'Member ' || i, ${small!.id}::uuid
      from generate_series(1, 30) as i`);
    // Two years of months for every member of the network, so reading the network's months would show.
    await t.db.execute(sql`
      insert into member_month_totals (member_id, month, given_count)
      select id, (date_trunc('month', current_date) - make_interval(months => g))::date, 1
      from users cross join generate_series(0, 23) g
      on conflict do nothing`);
    await analyzeAsOwner(t.testDb, ['users', 'member_totals', 'member_month_totals']);
    const chapterAdmin = await signInAs(t.db, 'NETWORK_ADMIN', { chapterId: small!.id });
    sent.length = 0;
    const res = await injectAs(t, chapterAdmin, {
      method: 'GET',
      url: '/api/users?sort=referrals&dir=desc&period=quarter',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(31);
    const page = sent.find((s) => /limit/i.test(s.query) && /member_month_totals/.test(s.query))!;
    const plan = await plans.explain(page.query, page.params);
    // The chapter's 31 members found by the chapter index, not the network's 10,000 read and summed.
    expect(plan).toContain('member_totals_chapter_idx');
    expect(plan).not.toMatch(/Seq Scan on member_totals/);
    // And only the chapter's months in the quarter, not the network's 240,000 months.
    expect(plan).toContain('member_month_totals_chapter_month_idx');
    expect(plan).not.toMatch(/Seq Scan on member_month_totals/);
  });
});
