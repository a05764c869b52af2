import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachBatch } from '../db/cursor';
import { makeMember } from '../test/factories';
import { planner } from '../test/query-plans';
import { injectAs } from '../test/requests';
import { createTestApp, sessionFor, type TestApp } from '../test/test-app';
import { analyzeAsOwner } from '../test/test-database';
import { sendCsv } from './csv';

/** Exports read a batch at a time: more rows than one batch, never all of them at once. */
describe('streamed CSV exports', () => {
  let t: TestApp;
  const statements: string[] = [];
  const settled = { endless: false, cursor: false };
  const fetches = () => statements.filter((s) => /^fetch forward/i.test(s.trim())).length;

  beforeAll(async () => {
    t = await createTestApp({
      onQuery: (query) => statements.push(query),
      extraRoutes: (app) => {
        // An export that never ends unless its client leaves: proves the writer stops its source then.
        app.get('/api/test/endless.csv', { config: { access: 'public' } }, async (_request, reply) =>
          sendCsv(reply, 'endless.csv', [{ header: 'n', value: (n: number) => n }], endless()),
        );
        app.get('/api/test/endless-cursor.csv', { config: { access: 'public' } }, async (_request, reply) =>
          sendCsv(reply, 'endless.csv', [{ header: 'n', value: (r: { n: string | null }) => r.n }], (emit) =>
            forEachBatch<'n'>(
              app.database.db,
              // A cross join streams: neither side's 10,000 rows is the whole 100 million.
              sql`select (a * 10000 + b)::text as n from generate_series(0, 9999) a, generate_series(0, 9999) b`,
              emit,
              500,
            ).finally(() => {
              settled.cursor = true;
            }),
          ),
        );
      },
    });
  });
  afterAll(() => t.close());

  async function* endless() {
    try {
      for (let n = 0; ; n++) yield n;
    } finally {
      settled.endless = true;
    }
  }

  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');

  it('hands each batch over before reading the next one', async () => {
    const seenAtEachBatch: number[] = [];
    const before = fetches();
    await forEachBatch<'n'>(
      t.db,
      sql`select g::text as n from generate_series(1, 5) g`,
      async (rows) => {
        seenAtEachBatch.push(fetches() - before);
        expect(rows.length).toBeLessThanOrEqual(2);
      },
      2,
    );
    // Batches of 2, 2 and 1: when each arrives, only that many fetches have been sent.
    expect(seenAtEachBatch).toEqual([1, 2, 3]);
  });

  it('exports 2,500 attendance records in batches of 1,000, newest meeting first, names A to Z', async () => {
    const marker = 'Streamtest';
    await t.db.execute(sql`
      insert into users (email, slug, role, first_name, last_name, business_name)
      select 'stream' || i || '@example.com', 'stream-' || i, 'MEMBER', 'Member' || lpad(i::text, 2, '0'), ${marker}, 'Biz ' || i
      from generate_series(1, 50) i`);
    await t.db.execute(sql`
      insert into attendance_records (member_id, meeting_date, status, notes)
      select u.id, date '2026-01-06' + 7 * w, 'present', case when w = 49 and u.first_name = 'Member01' then '=1+1' end
      from users u cross join generate_series(0, 49) w where u.last_name = ${marker}`);
    const before = fetches();
    const res = await injectAs(t, 'LEADERSHIP', { method: 'GET', url: '/api/attendance/records.csv' });
    expect(res.statusCode).toBe(200);
    const lines = csvLines(res.body);
    expect(lines).toHaveLength(2501);
    // 2026-01-06 + 49 weeks = 2026-12-15, the newest meeting; Member01 first within it, its note made safe.
    expect(lines[1]).toBe("2026-12-15,Member01 Streamtest,Biz 1,Present,'=1+1");
    expect(lines[2]).toBe('2026-12-15,Member02 Streamtest,Biz 2,Present,');
    expect(lines[2500]).toBe('2026-01-06,Member50 Streamtest,Biz 50,Present,');
    // 1,000 + 1,000 + 500: three fetches, so no more than 1,000 rows were ever held.
    expect(fetches() - before).toBe(3);
  });

  it("starts the whole agency's attendance export from the date index, not a sort of every record", async () => {
    await t.db.execute(sql`
      insert into users (email, slug, role, first_name, last_name)
      select 'plan' || i || '@example.com', 'plan-' || i, 'MEMBER', 'Plan', 'Member ' || i
      from generate_series(1, 500) i`);
    await analyzeAsOwner(t.testDb, ['users', 'attendance_records', 'meetings']);
    await t.db.execute(sql`
      insert into attendance_records (member_id, meeting_date, status)
      select u.id, date '2025-01-07' + 7 * w, 'present'
      from users u cross join generate_series(0, 51) w where u.slug like 'plan-%'`);
    await analyzeAsOwner(t.testDb, ['users', 'attendance_records']);
    statements.length = 0;
    const res = await injectAs(t, 'AGENCY_ADMIN', { method: 'GET', url: '/api/attendance/records.csv' });
    expect(res.statusCode).toBe(200);
    const declared = statements.find((q) => /^declare export_rows/i.test(q.trim()))!;
    const plans = await planner(t.testDb.url);
    try {
      const plan = await plans.explain(declared);
      // Meetings newest first straight off the index, each meeting's records sorted by name as it comes: the
      // first rows leave before the last meeting is read (at 520,000 records a full sort took 1.9 s to the first).
      expect(plan).toContain('attendance_date_idx');
      expect(plan).toMatch(/^\s*Incremental Sort/);
    } finally {
      await plans.close();
    }
  });

  it('exports a roster longer than one batch through the cursor', async () => {
    await t.db.execute(sql`
      insert into users (email, slug, role, first_name, last_name)
      select 'roster' || i || '@example.com', 'roster-' || i, 'MEMBER', 'Roster', 'Person ' || lpad(i::text, 4, '0')
      from generate_series(1, 1200) i`);
    const before = fetches();
    const res = await injectAs(t, 'NETWORK_ADMIN', {
      method: 'GET',
      url: '/api/users/export.csv?q=roster&sort=name&dir=asc',
    });
    expect(res.statusCode).toBe(200);
    const lines = csvLines(res.body);
    expect(lines).toHaveLength(1201);
    expect(lines[1]).toMatch(/^Roster,Person 0001,roster1@example\.com,/);
    expect(lines[1200]).toMatch(/^Roster,Person 1200,roster1200@example\.com,/);
    expect(fetches() - before).toBe(2);
  });

  it("exports a member's 1,100 referrals a page of 500 at a time along the keyset", async () => {
    const me = await makeMember(t.db, { firstName: 'Kim', lastName: 'Keyset' });
    const other = await makeMember(t.db, { firstName: 'Lou', lastName: 'Other' });
    await t.db.execute(sql`
      insert into referrals (status, amount, customer_name, sale_date, referrer_id, reporter_id, created_by_id)
      select 'approved', 100, 'Customer ' || g, date '2023-01-01' + g, ${me.id}, ${other.id}, ${me.id}
      from generate_series(1, 1100) g`);
    const before = statements.length;
    const res = await injectAs(t, await sessionFor(t.db, me.id), {
      method: 'GET',
      url: '/api/referrals/transactions.csv',
    });
    expect(res.statusCode).toBe(200);
    const lines = csvLines(res.body);
    expect(lines).toHaveLength(1101);
    // Newest sale first: 2023-01-01 + 1,100 days = 2026-01-05.
    expect(lines[1]).toMatch(/^2026-01-05,Given,Lou Other,Customer 1100,/);
    expect(lines[1100]).toMatch(/^2023-01-02,Given,Lou Other,Customer 1,/);
    const pages = statements.slice(before).filter((s) => /from "referrals"/.test(s) && /limit/i.test(s));
    expect(pages).toHaveLength(3);
  });

  /** Starts a real download, reads its first chunk and hangs up. */
  async function abandon(path: string) {
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const { port } = t.app.server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const request = get(`http://127.0.0.1:${port}${path}`, (res) => {
        res.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (err) => (request.destroyed ? undefined : reject(err)));
    });
  }

  const eventually = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
    return check();
  };

  it('stops reading when the client leaves mid-download', async () => {
    await abandon('/api/test/endless.csv');
    expect(await eventually(() => settled.endless)).toBe(true);
  });

  it('closes the cursor and frees the connection when the client leaves mid-download', async () => {
    await abandon('/api/test/endless-cursor.csv');
    expect(await eventually(() => settled.cursor)).toBe(true);
    // The connection is usable again (on the embedded database a stuck transaction would block this).
    const res = await injectAs(t, 'NETWORK_ADMIN', { method: 'GET', url: '/api/users?page=1' });
    expect(res.statusCode).toBe(200);
  });
});
