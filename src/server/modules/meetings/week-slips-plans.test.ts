import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { meetings } from '../../db/schema';
import { planner } from '../../test/query-plans';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { analyzeAsOwner, postgresReachable } from '../../test/test-database';

const hasPostgres = await postgresReachable();

/**
 * A week's slips cost what the chapter holds, not what the network holds: the member's week and the PALMS
 * report narrow the referrals to the chapter's members before summing, so PostgreSQL probes each member's
 * referrals by date instead of reading every referral of the week. Checked with EXPLAIN on real
 * PostgreSQL, on the statement each route sends: 40 chapters of 25 members, 10,000 referrals this week
 * among 40,000.
 */
describe.runIf(hasPostgres)("a week's slips read the chapter's referrals only", () => {
  let t: TestApp;
  let plans: Awaited<ReturnType<typeof planner>>;
  const sent: { text: string; params: unknown[] }[] = [];
  let chapterId = '';
  let today = '';

  beforeAll(async () => {
    t = await createTestApp({ onQuery: (text, params) => sent.push({ text, params }) });
    await t.db.execute(sql`
      insert into chapters (name, slug) select 'Plan Chapter ' || g, 'plan-chapter-' || g from generate_series(1, 40) g`);
    await t.db.execute(sql`
      insert into users (email, slug, role, first_name, last_name, chapter_id)
      select 'w' || i || '@example.com', 'week-' || i, 'MEMBER', 'Week', 'Member ' || i,
        (select c.id from chapters c where c.slug = 'plan-chapter-' || (i % 40 + 1))
      from generate_series(1, 1000) i`);
    await t.db.execute(sql`
      with m as (select id, row_number() over (order by id) as n from users where slug like 'week-%')
      insert into referrals (status, amount, sale_date, referrer_id, reporter_id)
      select 'approved', 100, current_date - (g / 10000) * 7 - g % 7, a.id, b.id
      from generate_series(0, 39999) g
      join m a on a.n = g % 1000 + 1
      join m b on b.n = (g * 7 + 3) % 1000 + 1`);
    const [chapter] = await selectRows<{ id: string; today: string }>(
      t.db,
      sql`select id, current_date::text as today from chapters where slug = 'plan-chapter-1'`,
    );
    chapterId = chapter!.id;
    today = chapter!.today;
    // Closed, so its report can be read; the member's week still ends at it (the chapter's next meeting).
    await t.db
      .insert(meetings)
      .values({ chapterId, meetingDate: today, startTime: '07:00', state: 'closed', closedAt: new Date() });
    await t.db.execute(sql`
      insert into attendance_records (member_id, chapter_id, meeting_date, status)
      select id, chapter_id, ${today}::date, 'present' from users where chapter_id = ${chapterId}`);
    await analyzeAsOwner(t.testDb, ['chapters', 'users', 'referrals', 'attendance_records']);
    plans = await planner(t.testDb.url);
  });
  afterAll(async () => {
    await plans?.close();
    await t?.close();
  });

  /** The plan of the one statement `run` sent that sums the week's slips. */
  async function slipsPlan(run: () => Promise<unknown>, marker: string): Promise<string> {
    sent.length = 0;
    await run();
    const statement = sent.find(({ text }) => text.includes(marker));
    if (!statement) throw new Error(`no statement with ${marker} among ${sent.length}`);
    return plans.explain(statement.text, statement.params);
  }

  const expectProbesPerMember = (plan: string) => {
    // Each member's referrals looked up by the member (the join's key in the index condition)...
    expect(plan).toMatch(/Cond: \(\(referrer_id = \w+\.(id|member_id)\)/);
    expect(plan).toMatch(/Cond: \(\(reporter_id = \w+\.(id|member_id)\)/);
    // ...never the week's referrals of the whole network.
    expect(plan).not.toContain('referrals_sale_date_idx');
    expect(plan).not.toMatch(/Seq Scan on referrals/);
  };

  it("the member's week sums their chapter's slips from the chapter's members", async () => {
    const member = await signInAs(t.db, 'MEMBER', { chapterId });
    const plan = await slipsPlan(async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/meetings/my-week', headers: member.cookie });
      expect(res.statusCode).toBe(200);
      // 25 members' week, by hand: each gives 10 and receives 10 of the week's 10,000 referrals.
      expect(res.json()).toMatchObject({ chapter: { P: 25, referralsGiven: 250, referralsReceived: 250 } });
    }, 'chapter_slips');
    expectProbesPerMember(plan);
  });

  it("the PALMS report sums the slips of the meeting's members only", async () => {
    const leader = await signInAs(t.db, 'LEADERSHIP', { chapterId });
    const [meeting] = await selectRows<{ id: string }>(
      t.db,
      sql`select id from meetings where chapter_id = ${chapterId} and meeting_date = ${today}`,
    );
    const plan = await slipsPlan(async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/meetings/${meeting!.id}/report`,
        headers: leader.cookie,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().rows).toHaveLength(25);
    }, 'with slips as');
    expectProbesPerMember(plan);
  });
});
