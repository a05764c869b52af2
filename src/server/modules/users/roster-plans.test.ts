import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { planner } from '../../test/query-plans';
import { injectAs } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';
import { analyzeAsOwner, asOwner, postgresReachable } from '../../test/test-database';

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

  describe("a chapter's roster over a period", () => {
    let chapterAdmin: SignedIn;
    let bigChapterAdmin: SignedIn;
    beforeAll(async () => {
      const [small] = await selectRows<{ id: string }>(
        t.db,
        sql`insert into chapters (name, slug) values ('Small', 'small') returning id`,
      );
      const [big] = await selectRows<{ id: string }>(
        t.db,
        sql`insert into chapters (name, slug) values ('Big', 'big') returning id`,
      );
      // A fifth of the 10,000 members above make a chapter: a page of it reads its own part of the index.
      await t.db.execute(
        sql`update users set chapter_id = ${big!.id}::uuid where email ~ '^m[0-9]*[05]@example[.]com$'`,
      );
      await t.db.execute(sql`
        insert into users (email, slug, role, first_name, last_name, chapter_id)
        select 's' || i || '@example.com', 'small-' || i, 'MEMBER', 'Small', 'Member ' || i, ${small!.id}::uuid
        from generate_series(1, 30) as i`);
      // Six months for every member of the network, this month (the chapters' time zone's) and the five before
      // it, one referral given in each: reading the network's months would show. Member i of the small chapter
      // gave i more this month, so the order is known.
      await t.db.execute(sql`
        insert into member_month_totals (member_id, month, given_count)
        select id, (date_trunc('month', now() at time zone 'America/Denver') - make_interval(months => g))::date, 1
        from users cross join generate_series(0, 5) g
        on conflict do nothing`);
      await t.db.execute(sql`
        update member_month_totals m set given_count = given_count + substring(u.last_name from 8)::int
        from users u where u.id = m.member_id and u.chapter_id = ${small!.id}::uuid
          and m.month = date_trunc('month', now() at time zone 'America/Denver')::date`);
      await analyzeAsOwner(t.testDb, [
        'users',
        'member_totals',
        'member_month_totals',
        'member_period_totals',
      ]);
      chapterAdmin = await signInAs(t.db, 'NETWORK_ADMIN', { chapterId: small!.id });
      bigChapterAdmin = await signInAs(t.db, 'NETWORK_ADMIN', { chapterId: big!.id });
    });

    it.each([
      ['referrals', 'member_period_totals_chapter_referrals_idx'],
      ['attendance', 'member_period_totals_chapter_attendance_idx'],
    ])(
      "walks a chapter of 2,000's kept sums by %s from %s, summing and sorting nothing",
      async (sort, index) => {
        sent.length = 0;
        const res = await injectAs(t, bigChapterAdmin, {
          method: 'GET',
          url: `/api/users?sort=${sort}&dir=desc&period=quarter`,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().total).toBe(2_001);
        const page = sent.find((s) => /limit/i.test(s.query) && /member_period_totals/.test(s.query))!;
        const plan = await plans.explain(page.query, page.params);
        expect(plan).toContain(index);
        expect(plan).not.toMatch(/\bSort\b|Aggregate/);
        expect(sent.some((s) => /member_month_totals/.test(s.query))).toBe(false);
      },
    );

    const monthPage = () =>
      injectAs(t, chapterAdmin, { method: 'GET', url: '/api/users?sort=referrals&dir=desc&period=month' });

    it("reads a small chapter's kept sums of the period, in order, summing nothing", async () => {
      sent.length = 0;
      const res = await monthPage();
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(31);
      // Member 30 gave 1 + 30 this month, member 29 1 + 29...; the administrator signed in gave none.
      expect(body.items.slice(0, 3).map((m: { lastName: string }) => m.lastName)).toEqual([
        'Member 30',
        'Member 29',
        'Member 28',
      ]);
      expect(body.items[0].referralsGiven).toBe(31);
      const page = sent.find((s) => /limit/i.test(s.query) && /member_period_totals/.test(s.query))!;
      expect(await plans.explain(page.query, page.params)).not.toMatch(/Aggregate/);
      expect(sent.some((s) => /member_month_totals/.test(s.query))).toBe(false);
    });

    it("sums only the chapter's months while the kept sums are a month behind, and moves them", async () => {
      // As on the first read of a new month: the kept periods are last month's.
      await asOwner(t.testDb, (query) =>
        query(`update period_total_ranges set from_month = (from_month - interval '1 month')::date,
                 to_month = (to_month - interval '1 month')::date`),
      );
      sent.length = 0;
      const res = await monthPage();
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(31);
      expect(res.json().items[0].referralsGiven).toBe(31);
      const page = sent.find((s) => /limit/i.test(s.query) && /member_month_totals/.test(s.query))!;
      const plan = await plans.explain(page.query, page.params);
      // The chapter's 31 members found by the chapter index, not the network's 10,000 read and summed.
      expect(plan).toContain('member_totals_chapter_idx');
      expect(plan).not.toMatch(/Seq Scan on member_totals/);
      // And only the chapter's months in the period, not the network's 60,000 months.
      expect(plan).toContain('member_month_totals_chapter_month_idx');
      expect(plan).not.toMatch(/Seq Scan on member_month_totals/);
      // Meanwhile the sums were moved to this month: the next read walks them again, with the same figures.
      await expect
        .poll(
          async () => {
            sent.length = 0;
            const again = await monthPage();
            return (
              sent.some((s) => /member_period_totals/.test(s.query)) && again.json().items[0].referralsGiven
            );
          },
          { timeout: 20_000 },
        )
        .toBe(31);
    });
  });
});
