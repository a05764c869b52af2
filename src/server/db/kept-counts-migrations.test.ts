import { describe, expect, it } from 'vitest';
import { postgresReachable, withDatabaseBefore } from '../test/test-database';

const hasPostgres = await postgresReachable();
/** The migrations before the periods' sums were kept (0039). */
const BEFORE_PERIOD_SUMS = 39;

const ANN = '00000000-0000-4000-8000-000000000001';
const BO = '00000000-0000-4000-8000-000000000002';

describe.runIf(hasPostgres)('migration 0039: the periods of an existing network', () => {
  it("fills every member's sums over this month's periods from their months", async () => {
    await withDatabaseBefore(BEFORE_PERIOD_SUMS, async ({ client, handle }) => {
      // Ann gave 2 this month (the chapters' time zone's) and 5 thirteen months ago, outside every period; Bo
      // has no months at all.
      await client.query(`
        insert into users (id, email, slug, role, first_name) values
          ('${ANN}', 'ann@old.test', 'ann', 'MEMBER', 'Ann'), ('${BO}', 'bo@old.test', 'bo', 'MEMBER', 'Bo');
        insert into member_month_totals (member_id, month, given_count, present)
        select '${ANN}'::uuid, m, 2, 1 from (select date_trunc('month', now() at time zone 'America/Denver')::date as m) t
        union all
        select '${ANN}'::uuid, (m - interval '13 months')::date, 5, 4
          from (select date_trunc('month', now() at time zone 'America/Denver')::date as m) t;`);

      await handle.migrate();

      const { rows } = await client.query(
        'select member_id, period, given_count, present from member_period_totals order by member_id, period',
      );
      expect(rows).toEqual([
        { member_id: ANN, period: 'month', given_count: 2, present: 1 },
        { member_id: ANN, period: 'quarter', given_count: 2, present: 1 },
        { member_id: ANN, period: 'year', given_count: 2, present: 1 },
        { member_id: ANN, period: 'ytd', given_count: 2, present: 1 },
        { member_id: BO, period: 'month', given_count: 0, present: 0 },
        { member_id: BO, period: 'quarter', given_count: 0, present: 0 },
        { member_id: BO, period: 'year', given_count: 0, present: 0 },
        { member_id: BO, period: 'ytd', given_count: 0, present: 0 },
      ]);
      const { rows: ranges } = await client.query(
        `select count(*)::int as periods, bool_and(to_month = date_trunc('month', now() at time zone 'America/Denver')::date) as to_this_month
         from period_total_ranges`,
      );
      expect(ranges).toEqual([{ periods: 4, to_this_month: true }]);
    });
  });
});

/** The migrations before the chapters' member counts were kept (0040). */
const BEFORE_MEMBER_COUNTS = 40;

describe.runIf(hasPostgres)('migration 0040: the member counts of existing chapters', () => {
  it("counts each chapter's accounts other than guests", async () => {
    await withDatabaseBefore(BEFORE_MEMBER_COUNTS, async ({ client, handle }) => {
      // The network's first chapter (made by migration 0025) gets two members, a leader and a guest.
      await client.query(`
        insert into users (email, slug, role, first_name) values
          ('ann@old.test', 'ann', 'MEMBER', 'Ann'), ('bo@old.test', 'bo', 'MEMBER', 'Bo'),
          ('cy@old.test', 'cy', 'LEADERSHIP', 'Cy'), ('di@old.test', 'di', 'GUEST', 'Di');`);

      await handle.migrate();

      const { rows } = await client.query('select user_count, member_count from chapter_user_totals');
      expect(rows).toEqual([{ user_count: 4, member_count: 3 }]);
    });
  });
});
