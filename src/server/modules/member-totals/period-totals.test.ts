import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../../domain/dates';
import { selectRows } from '../../db/client';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { asOwner, postgresReachable } from '../../test/test-database';
import { periodSumsDifferences } from './member-totals';
import { keptPeriodRanges, movePeriodTotals, periodTotalsKept } from './period-totals';

const hasPostgres = await postgresReachable();

describe('kept period sums', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hold the periods around 2026-11-25 as the roster offers them', () => {
    expect(keptPeriodRanges('2026-11-25')).toEqual([
      { period: 'month', from: '2026-11-01', to: '2026-11-01' },
      { period: 'quarter', from: '2026-10-01', to: '2026-11-01' },
      { period: 'ytd', from: '2026-01-01', to: '2026-11-01' },
      { period: 'year', from: '2025-12-01', to: '2026-11-01' },
    ]);
  });

  it("are this month's from the migration on, so a new database needs no move", async () => {
    expect(await periodTotalsKept(t.db, todayIn())).toBe(true);
  });

  it('are moved to the periods around another day, once however many ask at the same time', async () => {
    const member = await signInAs(t.db, 'MEMBER');
    // One referral given in each month of 2026 (months the 2026-11-25 periods hold) and in December 2025.
    await t.db.execute(sql`
      insert into member_month_totals (member_id, month, given_count)
      select ${member.userId}::uuid, (date '2025-12-01' + make_interval(months => g))::date, 1
      from generate_series(0, 11) g`);
    const moves = await Promise.all([1, 2, 3].map(() => movePeriodTotals(t.db, '2026-08-15')));
    expect(moves.filter(Boolean)).toHaveLength(1);
    const sums = await selectRows<{ period: string; given_count: number }>(
      t.db,
      sql`select period, given_count from member_period_totals where member_id = ${member.userId} order by period`,
    );
    // Around 2026-08-15: August 1; July and August 2; January to August 8; September 2025 to August 2026 9
    // (December to August).
    expect(sums).toEqual([
      { period: 'month', given_count: 1 },
      { period: 'quarter', given_count: 2 },
      { period: 'year', given_count: 9 },
      { period: 'ytd', given_count: 8 },
    ]);
    expect(await periodSumsDifferences(t.db)).toEqual([]);
    // A move back to today's periods, as the first read of the month starts it.
    expect(await periodTotalsKept(t.db, todayIn())).toBe(false);
    await expect.poll(() => periodTotalsKept(t.db, todayIn()), { timeout: 10_000 }).toBe(true);
  });

  it('cannot be written by the app: the ranges are read-only to it', async () => {
    await t.db.execute(sql`update period_total_ranges set to_month = date '2000-01-01'`);
    expect(await periodTotalsKept(t.db, todayIn())).toBe(true);
  });

  // Months written while the sums move: each change is counted once, whichever comes first.
  it.runIf(hasPostgres)('lose and double nothing when months are written during a move', async () => {
    const members = await Promise.all([1, 2, 3, 4].map(() => signInAs(t.db, 'MEMBER')));
    await asOwner(t.testDb, (query) =>
      query(`update period_total_ranges set from_month = (from_month - interval '1 month')::date,
               to_month = (to_month - interval '1 month')::date`),
    );
    const thisMonth = `${todayIn().slice(0, 7)}-01`;
    const lastMonth = keptPeriodRanges(todayIn()).find((r) => r.period === 'year')!.from;
    const write = (memberId: string, month: string) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into member_month_totals (member_id, month, given_count, present) values (${memberId}, ${month}, 1, 1)
          on conflict (member_id, month) do update
            set given_count = member_month_totals.given_count + 1, present = member_month_totals.present + 1`);
        await tx.execute(sql`select pg_sleep(0.02)`);
      });
    await Promise.all([
      ...members.flatMap((m) => [write(m.userId, thisMonth), write(m.userId, lastMonth)]),
      movePeriodTotals(t.db, todayIn()),
      ...members.flatMap((m) => [write(m.userId, thisMonth), write(m.userId, lastMonth)]),
    ]);
    expect(await periodTotalsKept(t.db, todayIn())).toBe(true);
    expect(await periodSumsDifferences(t.db)).toEqual([]);
    const [sum] = await selectRows<{ n: number }>(
      t.db,
      sql`select sum(given_count)::int as n from member_period_totals
          where period = 'month' and member_id in ${members.map((m) => m.userId)}`,
    );
    // Two writes in this month for each of the four members.
    expect(sum?.n).toBe(8);
  });
});
