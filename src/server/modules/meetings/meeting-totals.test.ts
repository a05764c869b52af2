import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendanceRecords, users } from '../../db/schema';
import { createUser } from '../../test/test-app';
import { postgresReachable } from '../../test/test-database';
import { attendanceTestKit } from './attendance-test-kit';

const hasPostgres = await postgresReachable();

/**
 * Each meeting's totals are kept beside its records in the same transaction (migration 0020's
 * triggers), so the history reads them instead of counting: after every kind of change they equal a
 * recount, and the values written here by hand.
 */
describe('kept meeting totals', () => {
  const kit = attendanceTestKit();

  type Totals = { date: string; present: number; absent: number; excused: number };
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    ((await kit.t.db.execute(query)) as unknown as { rows: Totals[] }).rows;
  const kept = () =>
    rowsOf(
      sql`select meeting_date::text as date, present, absent, excused from attendance_meeting_totals order by meeting_date`,
    );
  const recount = () =>
    rowsOf(sql`
        select meeting_date::text as date,
          (count(*) filter (where status = 'present'))::int as present,
          (count(*) filter (where status = 'absent'))::int as absent,
          (count(*) filter (where status = 'excused'))::int as excused
        from attendance_records group by meeting_date order by meeting_date`);
  const meetingsPage = async () =>
    (await kit.as(kit.leader, { method: 'GET', url: '/api/attendance/meetings' })).json().items;

  it('follows saving, re-saving, editing and deleting records, and deleting a member', async () => {
    const cy = await createUser(kit.t.db, 'MEMBER', { firstName: 'Cy', lastName: 'Counted' });
    const saved = await kit.log(kit.leader, '2026-09-01', [
      { memberId: kit.ann.userId, status: 'PRESENT' },
      { memberId: kit.bo.userId, status: 'ABSENT' },
      { memberId: cy.id, status: 'EXCUSED' },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      date: '2026-09-01',
      totalMembers: 3,
      totalPresent: 1,
      totalAbsent: 1,
      totalExcused: 1,
    });
    await kit.log(kit.leader, '2026-09-08', [{ memberId: kit.ann.userId, status: 'PRESENT' }]);
    expect(await kept()).toEqual([
      { date: '2026-09-01', present: 1, absent: 1, excused: 1 },
      { date: '2026-09-08', present: 1, absent: 0, excused: 0 },
    ]);

    // Saving the meeting again moves Bo from absent to present (an update of his record).
    await kit.log(kit.leader, '2026-09-01', [{ memberId: kit.bo.userId, status: 'PRESENT' }]);
    // Editing Cy's record: excused to absent.
    const [cyRecord] = await kit.t.db
      .select({ id: attendanceRecords.id })
      .from(attendanceRecords)
      .where(eq(attendanceRecords.memberId, cy.id));
    const edit = await kit.as(kit.leader, {
      method: 'PUT',
      url: `/api/attendance/records/${cyRecord!.id}`,
      payload: { status: 'ABSENT' },
    });
    expect(edit.statusCode).toBe(200);
    expect(await kept()).toEqual([
      { date: '2026-09-01', present: 2, absent: 1, excused: 0 },
      { date: '2026-09-08', present: 1, absent: 0, excused: 0 },
    ]);

    // Removing Cy from the network takes his record (a cascade) and his count with it.
    await kit.t.db.delete(users).where(eq(users.id, cy.id));
    // Deleting the 8th's only record removes that meeting from the history.
    const [annOn8th] = await kit.t.db
      .select({ id: attendanceRecords.id })
      .from(attendanceRecords)
      .where(
        sql`${attendanceRecords.memberId} = ${kit.ann.userId} and ${attendanceRecords.meetingDate} = '2026-09-08'`,
      );
    expect(
      (await kit.as(kit.leader, { method: 'DELETE', url: `/api/attendance/records/${annOn8th!.id}` }))
        .statusCode,
    ).toBe(204);

    expect(await kept()).toEqual([{ date: '2026-09-01', present: 2, absent: 0, excused: 0 }]);
    expect(await kept()).toEqual(await recount());
    expect(await meetingsPage()).toEqual([
      {
        date: '2026-09-01',
        totalMembers: 2,
        totalPresent: 2,
        totalAbsent: 0,
        totalExcused: 0,
        totalLate: 0,
        totalSubstitute: 0,
      },
    ]);
  });

  it.runIf(hasPostgres)('stays equal to a recount after 20 concurrent edits of one meeting', async () => {
    const members = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createUser(kit.t.db, 'MEMBER', { firstName: `Racer${i}` })),
    );
    await kit.log(
      kit.leader,
      '2026-09-15',
      members.map((m) => ({ memberId: m.id, status: 'PRESENT' })),
    );
    const records = await kit.t.db
      .select({ id: attendanceRecords.id })
      .from(attendanceRecords)
      .where(eq(attendanceRecords.meetingDate, '2026-09-15'));
    const answers = await Promise.all(
      records.map((r, i) =>
        kit.as(kit.leader, {
          method: 'PUT',
          url: `/api/attendance/records/${r.id}`,
          payload: { status: i % 2 === 0 ? 'ABSENT' : 'EXCUSED' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const all = await kept();
    expect(all.find((row) => row.date === '2026-09-15')).toEqual({
      date: '2026-09-15',
      present: 0,
      absent: 10,
      excused: 10,
    });
    expect(all).toEqual(await recount());
  });
});
