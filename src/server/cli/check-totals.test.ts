import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../lib/project-root';
import { runNpmScript } from '../test/admin-cli';
import { makeAttendance, makeMember, makeReferral } from '../test/factories';
import {
  createTestDatabase,
  postgresReachable,
  type TestDatabase,
  withDatabaseBefore,
} from '../test/test-database';

const hasPostgres = await postgresReachable();

/** `npm run db:check-totals` on a live database, as an operator runs it. */
describe.runIf(hasPostgres)('npm run db:check-totals', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());
  const run = () => runNpmScript('db:check-totals', [], { DATABASE_URL: t.url! });

  it('says the totals match, then names each kept figure that drifted and exits 1', async () => {
    const db = t.handle.db;
    const ann = await makeMember(db, { firstName: 'Ann' });
    const bo = await makeMember(db, { firstName: 'Bo' });
    await makeReferral(
      db,
      { referrerId: ann.id, recipientId: bo.id },
      { status: 'approved', amount: '250.00', saleDate: '2026-10-14' },
    );
    await makeAttendance(db, bo.id, { meetingDate: '2026-10-06', status: 'absent' });

    expect(await run()).toEqual({
      code: 0,
      stdout: 'Kept totals match a recount of the referrals and attendance.',
      stderr: '',
    });

    // Someone writes the kept row by hand, around the triggers.
    await db.execute(sql`update member_month_totals set absent = 3 where member_id = ${bo.id}`);
    const drifted = await run();
    expect(drifted.code).toBe(1);
    expect(drifted.stdout.split('\n')).toEqual([
      `member ${bo.id}, month 2026-10-01: absent kept 3, recounted 1`,
    ]);
    expect(drifted.stderr).toBe('1 kept totals differ from a recount.');

    // A kept month with no source rows at all, and the network's total moved by hand.
    await db.execute(sql`update member_month_totals set absent = 1 where member_id = ${bo.id}`);
    await db.execute(
      sql`insert into member_month_totals (member_id, month, given_count) values (${ann.id}, '2026-03-01', 2)`,
    );
    await db.execute(sql`update network_totals set approved_amount = 300`);
    const more = await run();
    expect(more.stdout.split('\n')).toEqual([
      `member ${ann.id}, month 2026-03-01: givenCount kept 2, recounted 0`,
      'network totals: amount kept 300.00, recounted 250.00',
    ]);
    expect(more.stderr).toBe('2 kept totals differ from a recount.');

    // Put back by hand; then the count of accounts drifts.
    await db.execute(sql`delete from member_month_totals where month = '2026-03-01'`);
    await db.execute(sql`update network_totals set approved_amount = 250`);
    expect((await run()).code).toBe(0);
    await db.execute(sql`update user_totals set user_count = user_count + 5`);
    expect((await run()).stdout).toBe('network totals: accounts kept 7, recounted 2');

    // A member's sums over a period written by hand, around the trigger that keeps them.
    await db.execute(sql`update user_totals set user_count = user_count - 5`);
    await db.execute(
      sql`update member_period_totals set present = 5 where member_id = ${bo.id} and period = 'quarter'`,
    );
    expect((await run()).stdout).toBe(`member ${bo.id}, quarter: present kept 5, recounted 0`);
  }, 60_000);

  it('says a database one migration behind must be migrated first, and exits 2', async () => {
    const all = readMigrationFiles({ migrationsFolder: join(projectRoot(), 'drizzle') }).length;
    await withDatabaseBefore(all - 1, async ({ url }) => {
      expect(await runNpmScript('db:check-totals', [], { DATABASE_URL: url })).toEqual({
        code: 2,
        stdout: '',
        stderr: 'The database is 1 migration behind this version: run npm run db:migrate, then check again.',
      });
    });
  }, 60_000);
});
