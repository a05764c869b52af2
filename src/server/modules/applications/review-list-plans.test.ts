import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApplication, makeMember } from '../../test/factories';
import { injectAs } from '../../test/requests';
import { createTestApp, type TestApp } from '../../test/test-app';
import { analyzeAsOwner, postgresReachable } from '../../test/test-database';

const hasPostgres = await postgresReachable();

/**
 * The reviewers' list at 10,000 accounts, planned as the app's role the row-level policies bind (every chapter
 * in scope, as for an agency administrator): each application's seat holder is one key lookup, never a read
 * of every account.
 */
describe.runIf(hasPostgres)("the reviewers' list at 10,000 accounts", () => {
  let t: TestApp;
  const sent: { query: string; params: unknown[] }[] = [];
  beforeAll(async () => {
    t = await createTestApp({ onQuery: (query, params) => sent.push({ query, params }) });
    await t.db.execute(sql`
      insert into users (email, slug, role, first_name, last_name, industry)
      select 'm' || i || '@example.com', 'member-' || i, 'MEMBER', 'First', 'Last' || i, 'Industry ' || (i % 400)
      from generate_series(1, 10000) as i`);
    const applicant = await makeMember(t.db, { role: 'GUEST' });
    await makeApplication(t.db, applicant.id, { industry: 'Industry 7' });
    await analyzeAsOwner(t.testDb, ['users', 'applications']);
  });
  afterAll(() => t?.close());

  it("looks each seat holder up by key, whatever the network's size", async () => {
    sent.length = 0;
    const res = await injectAs(t, 'AGENCY_ADMIN', { method: 'GET', url: '/api/applications' });
    expect(res.statusCode).toBe(200);
    expect(res.json().open).toHaveLength(1);
    const open = sent.find((s) => /seat_holder\(/.test(s.query))!;
    const app = new pg.Client({ connectionString: t.testDb.url });
    await app.connect();
    try {
      await app.query(`set app.chapter_scope = '*'`);
      const { rows } = await app.query(`explain ${open.query}`, open.params);
      const plan = rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
      expect(plan).not.toMatch(/Seq Scan on users/);
    } finally {
      await app.end();
    }
  });
});
