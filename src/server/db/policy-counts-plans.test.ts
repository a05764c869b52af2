import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs } from '../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../test/test-app';
import { asOwner, postgresReachable } from '../test/test-database';
import { selectRows } from './client';

const hasPostgres = await postgresReachable();

/**
 * Counts of chapter-owned rows, planned as the app's role the row-level policies bind. The policy reads each
 * row's `chapter_id`, so an index without it sends the count to the table for every row it counts; with the
 * column in the index (`INCLUDE`) the count stays inside the index (docs/decisions/0039). The statements are
 * the ones the routes send, caught on their way to PostgreSQL.
 */
describe.runIf(hasPostgres)('counts under the row-level policies', () => {
  let t: TestApp;
  let chapter: string;
  let me: SignedIn;
  let admin: SignedIn;
  const sent: { query: string; params: unknown[] }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ onQuery: (query, params) => sent.push({ query, params }) });
    [{ id: chapter }] = (await selectRows<{ id: string }>(
      t.db,
      sql`select id from chapters order by created_at limit 1`,
    )) as [{ id: string }];
    // Both join the first chapter, as every new account does.
    me = await signInAs(t.db, 'MEMBER', { chapterId: chapter });
    admin = await signInAs(t.db, 'AGENCY_ADMIN', { chapterId: chapter });
    // 6,000 more accounts, a tenth of them guests, and 30 notices each, a third of them unread.
    await t.db.execute(sql`
      insert into users (email, slug, role, first_name, last_name, chapter_id)
      select 'm' || i || '@example.com', 'member-' || i, case when i % 10 = 0 then 'GUEST' else 'MEMBER' end::user_role,
        'First', 'Last' || i, ${chapter}::uuid
      from generate_series(1, 6000) as i`);
    await t.db.execute(sql`
      insert into notifications (user_id, kind, title, body, link, read_at)
      select u.id, 'referral', 'A referral', 'For you', '/dashboard', case when n % 3 = 0 then null else now() end
      from users u cross join generate_series(1, 30) as n where u.id <> ${me.userId}::uuid`);
    // And 300 unread for the member.
    await t.db.execute(sql`
      insert into notifications (user_id, kind, title, body, link)
      select ${me.userId}::uuid, 'referral', 'A referral', 'For you', '/dashboard' from generate_series(1, 300)`);
    // Twelve weeks of attendance for everyone: one week in three an absence, one in four late.
    await t.db.execute(sql`
      insert into attendance_records (member_id, meeting_date, status)
      select u.id, current_date - 7 * w,
        case when w % 3 = 0 then 'absent' when w % 4 = 0 then 'late' else 'present' end::attendance_status
      from users u cross join generate_series(1, 12) as w`);
    // Index-only scans need the visibility map, which VACUUM writes.
    await asOwner(t.testDb, async (query) => {
      for (const table of ['users', 'notifications', 'attendance_records'])
        await query(`vacuum analyze ${table}`);
    });
  }, 60_000);
  afterAll(() => t?.close());

  /** EXPLAIN ANALYZE of a statement as the app's role, scoped to the chapter as a member's request is. */
  async function planOf(statement: { query: string; params: unknown[] }, scope: string) {
    const app = new pg.Client({ connectionString: t.testDb.url });
    await app.connect();
    try {
      await app.query(`select set_config('app.chapter_scope', $1, false)`, [scope]);
      const { rows } = await app.query(`explain (analyze, costs off) ${statement.query}`, statement.params);
      const plan = rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
      return plan;
    } finally {
      await app.end();
    }
  }

  it("counts a member's unread notices inside the unread index", async () => {
    sent.length = 0;
    // The bell's panel: its first page carries the unread count.
    const res = await injectAs(t, me, { method: 'GET', url: '/api/notifications' });
    expect(res.statusCode).toBe(200);
    expect(res.json().unread).toBe(300);
    const count = sent.find((s) => /read_at is null/.test(s.query))!;
    const plan = await planOf(count, chapter);
    expect(plan).toMatch(/Index Only Scan using notifications_user_unread_idx/);
    expect(plan).toMatch(/Heap Fetches: 0/);
  });

  it("reads each chapter's member count kept, counting none of its 5,400 members", async () => {
    sent.length = 0;
    const res = await injectAs(t, admin, { method: 'GET', url: '/api/chapters' });
    expect(res.statusCode).toBe(200);
    const listed = res.json().chapters as { id: string; memberCount: number }[];
    // 5,400 members, the member and the administrator; the 600 guests are left out.
    expect(listed.find((c) => c.id === chapter)?.memberCount).toBe(5402);
    expect(sent.some((s) => /chapter_user_totals/.test(s.query))).toBe(true);
    expect(sent.filter((s) => /role <> 'GUEST'/.test(s.query))).toEqual([]);
  });

  it("counts a member's absences and lates in the window inside the window index", async () => {
    sent.length = 0;
    const res = await injectAs(t, me, { method: 'GET', url: `/api/attendance/stats/${me.userId}` });
    expect(res.statusCode).toBe(200);
    // Weeks 3, 6, 9 and 12 absent, 4 and 8 late (12 is absent first), the other six present.
    expect(res.json()).toMatchObject({ totalAbsent: 4, totalLate: 2, totalPresent: 6 });
    const count = sent.find((s) => /window_absent/.test(s.query))!;
    const plan = await planOf(count, chapter);
    expect(plan).toMatch(/Index Only Scan using attendance_window_member_date_idx/);
    expect(plan).toMatch(/attendance_window_member_date_idx[\s\S]*?Heap Fetches: 0/);
  });
});
