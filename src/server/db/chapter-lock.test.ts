import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userListQuerySchema } from '../../domain/admin/contracts';
import { memberTotalsDifferences } from '../modules/member-totals/member-totals';
import { listUsers } from '../modules/users/user-queries';
import { makeApplication, makeAttendance, makeMember } from '../test/factories';
import { createTestApp, signInAs, type TestApp } from '../test/test-app';
import { selectRows } from './client';
import { chapters } from './schema';

/**
 * Row-level security is the second lock. Routes built for this test only run queries with the
 * scoping helper taken out (no `where` on the chapter at all) as a leader of chapter A; the policies alone
 * must keep chapter B's rows out. The same routes declared agency-wide (`chapterReach: 'agency'`) do see B's
 * rows, so the fixture holds B rows in every table and the refusal is the lock's doing.
 */

/** Every table that carries its chapter (migration 0031 gives each the policy). */
const CHAPTER_OWNED = [
  'activity',
  'applications',
  'attendance_meeting_totals',
  'attendance_records',
  'audit_log',
  'away_notices',
  'chapter_user_totals',
  'check_in_taps',
  'industries',
  'meetings',
  'notifications',
  'users',
];

/** A member's kept figures: no chapter column, held by the policy through the member's chapter (migration 0032). */
const MEMBER_FIGURES = ['member_totals', 'member_month_totals', 'member_period_totals'];
const LOCKED_TABLES = [...CHAPTER_OWNED, ...MEMBER_FIGURES];

let t: TestApp;
let chapterB: string;
/** B's member, whose figures a chapter A leader must not read. */
let memberOfB: string;
let leaderOfA: Awaited<ReturnType<typeof signInAs>>;
let applicantOfA: Awaited<ReturnType<typeof signInAs>>;
const bEmail = 'lock-probe-b@greeley.test';

type Counts = Record<string, number>;

/** Rows of chapter B in each chapter-owned table, read with no condition on the chapter. */
async function bRowsPerTable(): Promise<Counts> {
  const counts: Counts = {};
  for (const table of CHAPTER_OWNED) {
    const [row] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where chapter_id = ${chapterB}`,
    );
    counts[table] = row?.n ?? -1;
  }
  for (const table of MEMBER_FIGURES) {
    const [row] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where member_id = ${memberOfB}`,
    );
    counts[table] = row?.n ?? -1;
  }
  return counts;
}

beforeAll(async () => {
  t = await createTestApp({
    buildOptions: { rateLimits: false },
    extraRoutes: (app) => {
      for (const [path, agency] of [
        ['/api/test/lock', false],
        ['/api/test/no-lock', true],
      ] as const) {
        const config = {
          access: { minRole: 'LEADERSHIP' as const },
          ...(agency ? { chapterReach: 'agency' as const } : {}),
        };
        app.get(`${path}/counts`, { config }, () => bRowsPerTable());
        // The roster's own query, built without the scoping helper: `{ all: true }` adds no condition.
        app.get(`${path}/roster`, { config }, () =>
          listUsers(app.database.db, userListQuerySchema.parse({ q: 'lock-probe' }), { all: true }),
        );
        // A write that forgot its `where`: every member's position.
        app.post(`${path}/rename-positions`, { config }, async () => {
          await t.db.execute(sql`update users set position = 'Nowhere'`);
          return { ok: true };
        });
        // A row written straight into chapter B.
        app.post(`${path}/industry-in-b`, { config }, async () => {
          await t.db.execute(
            sql`insert into industries (chapter_id, name) values (${chapterB}, 'Lock probe')`,
          );
          return { ok: true };
        });
        // Every chapter's settings, and a new chapter.
        app.post(`${path}/dues-everywhere`, { config }, async () => {
          await t.db.execute(sql`update chapters set default_annual_dues = '1.00'`);
          return { ok: true };
        });
        app.post(`${path}/new-chapter`, { config }, async () => {
          await t.db.execute(sql`insert into chapters (name, slug) values ('Probe', 'probe')`);
          return { ok: true };
        });
        // A referral across chapters written in the caller's scope: its figures must move for both parties.
        app.post(`${path}/referral-to-b`, { config }, async (request) => {
          const referrerId = request.user!.id;
          await t.db.execute(
            sql`insert into referrals (referrer_id, reporter_id, created_by_id, amount, sale_date, status)
                values (${referrerId}, ${memberOfB}, ${referrerId}, '70.00', '2026-11-02', 'approved')`,
          );
          return { ok: true };
        });
        // Applications in chapter B, read by any signed-in caller.
        app.get(
          `${path}/applications-in-b`,
          { config: { ...config, access: 'signed-in' as const } },
          async () => {
            const [row] = await selectRows<{ n: number }>(
              t.db,
              sql`select count(*)::int as n from applications where chapter_id = ${chapterB}`,
            );
            return { count: row?.n };
          },
        );
      }
    },
  });
  const [b] = await t.db.insert(chapters).values({ name: 'Greeley', slug: 'greeley' }).returning();
  chapterB = b!.id;
  leaderOfA = await signInAs(t.db, 'LEADERSHIP', { position: 'Fort Collins' });
  const member = await makeMember(t.db, { chapterId: chapterB, email: bEmail, position: 'Greeley' });
  memberOfB = member.id;
  await makeApplication(t.db, member.id);
  // An applicant of chapter A whose application went to chapter B.
  applicantOfA = await signInAs(t.db, 'GUEST');
  await makeApplication(t.db, applicantOfA.userId, { chapterId: chapterB, email: 'applicant-a@example.com' });
  await makeAttendance(t.db, member.id, { meetingDate: '2026-11-05' });
  const [meeting] = await selectRows<{ id: string }>(
    t.db,
    sql`select id from meetings where chapter_id = ${chapterB} limit 1`,
  );
  for (const statement of [
    sql`insert into away_notices (chapter_id, member_id, meeting_date, kind)
          values (${chapterB}, ${member.id}, '2026-11-12', 'excused')`,
    sql`insert into check_in_taps (id, chapter_id, meeting_id, member_id, action, tapped_at)
          values (gen_random_uuid(), ${chapterB}, ${meeting!.id}, ${member.id}, 'present', now())`,
    sql`insert into audit_log (actor_id, action, subject) values (${member.id}, 'probe', 'lock')`,
    sql`insert into notifications (user_id, kind, title, body, link) values (${member.id}, 'probe', 't', 'b', '/')`,
    sql`insert into activity (user_id, kind, description) values (${member.id}, 'probe', 'lock')`,
    sql`insert into industries (chapter_id, name) values (${chapterB}, 'Falconry')`,
  ])
    await t.db.execute(statement);
}, 60_000);
afterAll(() => t?.close());

describe('row-level security, the second lock', () => {
  it('the fixture holds chapter B rows in every chapter-owned table', async () => {
    const counts = await bRowsPerTable();
    for (const table of LOCKED_TABLES) expect(counts[table], table).toBeGreaterThan(0);
  });

  it("a query without the helper shows a chapter A leader none of B's rows, in any table", async () => {
    const locked = await t.app.inject({ url: '/api/test/lock/counts', headers: leaderOfA.cookie });
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toEqual(Object.fromEntries(LOCKED_TABLES.map((table) => [table, 0])));

    const unlocked = (
      await t.app.inject({ url: '/api/test/no-lock/counts', headers: leaderOfA.cookie })
    ).json();
    for (const table of LOCKED_TABLES) expect(unlocked[table], table).toBeGreaterThan(0);
  });

  it("the roster's query built without the helper does not find B's member", async () => {
    const locked = await t.app.inject({ url: '/api/test/lock/roster', headers: leaderOfA.cookie });
    expect(locked.statusCode).toBe(200);
    expect(JSON.stringify(locked.json())).not.toContain(bEmail);
    const unlocked = await t.app.inject({ url: '/api/test/no-lock/roster', headers: leaderOfA.cookie });
    expect(JSON.stringify(unlocked.json())).toContain(bEmail);
  });

  it("a write without a where changes only the caller's chapter", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/lock/rename-positions',
      headers: leaderOfA.unsafe,
    });
    expect(res.statusCode).toBe(200);
    const positions = await selectRows<{ position: string | null; chapter_id: string }>(
      t.db,
      sql`select position, chapter_id from users where email in (${bEmail}, ${leaderOfA.user.email})`,
    );
    expect(positions.find((row) => row.chapter_id === chapterB)?.position).toBe('Greeley');
    expect(positions.find((row) => row.chapter_id !== chapterB)?.position).toBe('Nowhere');
  });

  it('a row written into another chapter is refused, and nothing is written', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/lock/industry-in-b',
      headers: leaderOfA.unsafe,
    });
    expect(res.statusCode).toBe(500);
    const [row] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from industries where name = 'Lock probe'`,
    );
    expect(row?.n).toBe(0);
  });
});

describe("a member's kept figures under the lock", () => {
  it("carry the member's chapter from their first row, and move with the member", async () => {
    const mover = await makeMember(t.db, { chapterId: chapterB });
    await makeAttendance(t.db, mover.id, { meetingDate: '2026-10-06' });
    // Their all-time row, the meeting's month and their sums over the four kept periods: six rows.
    const chaptersOfFigures = async () =>
      selectRows<{ chapter_id: string; rows: number }>(
        t.db,
        sql`select chapter_id, count(*)::int as rows from (
              select chapter_id from member_totals where member_id = ${mover.id}
              union all select chapter_id from member_month_totals where member_id = ${mover.id}
              union all select chapter_id from member_period_totals where member_id = ${mover.id}) as f
            group by chapter_id`,
      );
    expect(await chaptersOfFigures()).toEqual([{ chapter_id: chapterB, rows: 6 }]);
    const chapterA = leaderOfA.user.chapterId!;
    await t.db.execute(sql`update users set chapter_id = ${chapterA} where id = ${mover.id}`);
    expect(await chaptersOfFigures()).toEqual([{ chapter_id: chapterA, rows: 6 }]);
  });

  it("move with a change made in a narrower scope, for the other chapter's party too: no drift", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/lock/referral-to-b',
      headers: leaderOfA.unsafe,
    });
    expect(res.statusCode).toBe(200);
    expect(await memberTotalsDifferences(t.db)).toEqual([]);
    const [kept] = await selectRows<{ received: number; amount: string }>(
      t.db,
      sql`select received_count as received, received_amount::text as amount from member_totals
           where member_id = ${memberOfB}`,
    );
    expect(kept).toEqual({ received: 1, amount: '70.00' });
  });
});

describe('the chapters themselves, and own rows', () => {
  it("a change to every chapter's settings changes only the caller's; a new chapter is refused", async () => {
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/test/lock/dues-everywhere',
      headers: leaderOfA.unsafe,
    });
    expect(changed.statusCode).toBe(200);
    const dues = await selectRows<{ id: string; dues: string | null }>(
      t.db,
      sql`select id, default_annual_dues::text as dues from chapters`,
    );
    expect(dues.find((row) => row.id === chapterB)?.dues).not.toBe('1.00');
    expect(dues.find((row) => row.id === leaderOfA.user.chapterId)?.dues).toBe('1.00');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/test/lock/new-chapter',
      headers: leaderOfA.unsafe,
    });
    expect(added.statusCode).toBe(500);
    expect(await selectRows(t.db, sql`select id from chapters where slug = 'probe'`)).toEqual([]);
  });

  it('lets an applicant read their own application in another chapter, and no one else of their chapter', async () => {
    const own = await t.app.inject({ url: '/api/test/lock/applications-in-b', headers: applicantOfA.cookie });
    expect(own.json()).toEqual({ count: 1 });
    const other = await t.app.inject({ url: '/api/test/lock/applications-in-b', headers: leaderOfA.cookie });
    expect(other.json()).toEqual({ count: 0 });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('who the policies bind', () => {
  async function readAs(url: string, scope?: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('begin');
      if (scope !== undefined)
        await client.query("select set_config('app.chapter_scope', $1, true)", [scope]);
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from users where chapter_id = $1',
        [chapterB],
      );
      await client.query('commit');
      return rows[0]?.n;
    } finally {
      await client.end();
    }
  }

  it('the app role sees nothing without a scope, every chapter with *, and only the listed chapters otherwise', async () => {
    const url = t.testDb.url!;
    expect(await readAs(url)).toBe(0);
    expect(await readAs(url, '')).toBe(0);
    expect(await readAs(url, '*')).toBe(1);
    expect(await readAs(url, chapterB)).toBe(1);
    expect(await readAs(url, leaderOfA.user.chapterId!)).toBe(0);
  });

  it('the owner (a superuser here) skips them: the reason the app connects as a role of its own', async () => {
    expect(await readAs(t.testDb.ownerUrl!)).toBe(1);
  });
});
