import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresReachable, withDatabaseBefore } from '../test/test-database';

const hasPostgres = await postgresReachable();
/** The migrations before meetings became records (0027). */
const BEFORE_MEETINGS = 27;

const ANN = '00000000-0000-4000-8000-000000000001';
const BO = '00000000-0000-4000-8000-000000000002';

async function rows<T>(client: pg.Client, text: string): Promise<T[]> {
  return (await client.query(text)).rows as T[];
}

describe.runIf(hasPostgres)('migration 0027: existing attendance becomes closed meetings', () => {
  it('keeps every record, counted, under a closed meeting per chapter and date, its totals unchanged', async () => {
    await withDatabaseBefore(BEFORE_MEETINGS, async ({ client, handle }) => {
      await client.query(`
        insert into users (id, email, slug, role, first_name) values
          ('${ANN}', 'ann@old.test', 'ann', 'MEMBER', 'Ann'), ('${BO}', 'bo@old.test', 'bo', 'MEMBER', 'Bo');
        insert into attendance_records (member_id, meeting_date, status, notes) values
          ('${ANN}', '2026-10-06', 'present', null), ('${BO}', '2026-10-06', 'absent', 'Sick'),
          ('${ANN}', '2026-10-13', 'excused', 'Away'), ('${BO}', '2026-10-13', 'present', null);`);
      const totalsBefore = await rows(
        client,
        'select member_id, present, absent, excused from member_totals order by member_id',
      );

      await handle.migrate();

      expect(
        await rows(
          client,
          'select meeting_date::text as date, state, scheduled_for from meetings order by 1',
        ),
      ).toEqual([
        { date: '2026-10-06', state: 'closed', scheduled_for: null },
        { date: '2026-10-13', state: 'closed', scheduled_for: null },
      ]);
      expect(
        await rows(
          client,
          `select member_id, meeting_date::text as date, status, notes, counted from attendance_records order by 2, 1`,
        ),
      ).toEqual([
        { member_id: ANN, date: '2026-10-06', status: 'present', notes: null, counted: true },
        { member_id: BO, date: '2026-10-06', status: 'absent', notes: 'Sick', counted: true },
        { member_id: ANN, date: '2026-10-13', status: 'excused', notes: 'Away', counted: true },
        { member_id: BO, date: '2026-10-13', status: 'present', notes: null, counted: true },
      ]);
      expect(
        await rows(
          client,
          'select member_id, present, absent, excused from member_totals order by member_id',
        ),
      ).toEqual(totalsBefore);
      expect(
        await rows(client, 'select member_id, late, substitute from member_totals order by member_id'),
      ).toEqual([
        { member_id: ANN, late: 0, substitute: 0 },
        { member_id: BO, late: 0, substitute: 0 },
      ]);
    });
  }, 60_000);
});
