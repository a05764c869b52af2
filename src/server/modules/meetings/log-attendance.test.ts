import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ATTENDANCE_MESSAGES } from '../../../domain/attendance/contracts';
import { activity, attendanceRecords } from '../../db/schema';
import { expectRefusedBelow } from '../../test/requests';
import { createUser, signInAs } from '../../test/test-app';
import { postgresReachable } from '../../test/test-database';
import { attendanceTestKit } from './attendance-test-kit';

const hasPostgres = await postgresReachable();

describe('logging a meeting', () => {
  const kit = attendanceTestKit();
  const rows = () => kit.t.db.select().from(attendanceRecords);
  const recordCount = async () => (await kit.t.db.select({ n: count() }).from(attendanceRecords))[0]?.n;

  it('saves a meeting, stores statuses in lower case and empty notes as null, and answers its totals', async () => {
    const res = await kit.log(kit.leader, '2026-11-05', [
      { memberId: kit.ann.userId, status: 'PRESENT', notes: '' },
      { memberId: kit.bo.userId, status: 'EXCUSED', notes: 'Out of town' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      date: '2026-11-05',
      totalMembers: 2,
      totalPresent: 1,
      totalExcused: 1,
      totalAbsent: 0,
    });
    const saved = await rows();
    expect(saved.map((r) => [r.status, r.notes]).sort()).toEqual([
      ['excused', 'Out of town'],
      ['present', null],
    ]);
  });

  it('updates a date saved again instead of duplicating, and tells a member newly marked absent once', async () => {
    await kit.log(kit.leader, '2026-11-12', [{ memberId: kit.ann.userId, status: 'PRESENT' }]);
    const again = await kit.log(kit.leader, '2026-11-12', [
      { memberId: kit.ann.userId, status: 'ABSENT', notes: 'Sick' },
    ]);
    expect(again.json()).toMatchObject({ totalMembers: 1, totalAbsent: 1 });
    const annRows = (await rows()).filter(
      (r) => r.memberId === kit.ann.userId && r.meetingDate === '2026-11-12',
    );
    expect(annRows).toHaveLength(1);
    await kit.log(kit.leader, '2026-11-12', [{ memberId: kit.ann.userId, status: 'ABSENT', notes: 'Sick' }]);
    // Members hear of an absence when the week closes and it counts, once.
    expect(
      (await kit.t.db.select().from(activity).where(eq(activity.userId, kit.ann.userId))).filter(
        (a) => a.kind === 'attendance_absent',
      ),
    ).toHaveLength(0);
    expect((await kit.close('2026-11-12')).statusCode).toBe(200);
    const told = await kit.t.db.select().from(activity).where(eq(activity.userId, kit.ann.userId));
    expect(told.filter((a) => a.kind === 'attendance_absent')).toHaveLength(1);
  });

  it('warns a member one absence from their limit', async () => {
    // Bo's limit is 2: the first absence leaves 1.
    await kit.log(kit.leader, '2026-11-19', [{ memberId: kit.bo.userId, status: 'ABSENT' }]);
    await kit.close('2026-11-19');
    const told = await kit.t.db.select().from(activity).where(eq(activity.userId, kit.bo.userId));
    expect(told.map((a) => a.kind)).toEqual(['attendance_absent', 'attendance_limit']);
  });

  it('refuses a guest, an unknown member, a bad status, a future or malformed date, and an empty list, writing nothing', async () => {
    const guest = await createUser(kit.t.db, 'GUEST');
    const before = await recordCount();
    const cases: Array<[string, object[], string]> = [
      [
        '2026-11-01',
        [
          { memberId: kit.ann.userId, status: 'PRESENT' },
          { memberId: guest.id, status: 'PRESENT' },
        ],
        ATTENDANCE_MESSAGES.notAMember,
      ],
      [
        '2026-11-01',
        [{ memberId: '00000000-0000-4000-8000-000000000000', status: 'ABSENT' }],
        ATTENDANCE_MESSAGES.notAMember,
      ],
      ['2026-11-01', [{ memberId: kit.ann.userId, status: 'TARDY' }], ATTENDANCE_MESSAGES.statusRequired],
      ['2999-01-01', [{ memberId: kit.ann.userId, status: 'PRESENT' }], ATTENDANCE_MESSAGES.futureDate],
      ['2026-02-30', [{ memberId: kit.ann.userId, status: 'PRESENT' }], ATTENDANCE_MESSAGES.dateRequired],
      ['2026-11-01', [], ATTENDANCE_MESSAGES.noneMarked],
      [
        '2026-11-01',
        [
          { memberId: kit.ann.userId, status: 'PRESENT' },
          { memberId: kit.ann.userId, status: 'ABSENT' },
        ],
        ATTENDANCE_MESSAGES.duplicateMember,
      ],
    ];
    for (const [date, records, message] of cases) {
      const res = await kit.log(kit.leader, date, records);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await recordCount()).toBe(before);
  });

  it('refuses strangers and every role below LEADERSHIP, writing nothing', async () => {
    await expectRefusedBelow(
      kit.t,
      'LEADERSHIP',
      {
        method: 'POST',
        url: '/api/attendance/batch',
        payload: {
          meetingDate: kit.today,
          attendanceRecords: [{ memberId: kit.ann.userId, status: 'PRESENT' }],
        },
      },
      recordCount,
    );
  });

  it.runIf(hasPostgres)('leaves one record per member after 10 concurrent saves of one date', async () => {
    const date = '2026-10-01';
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        kit.log(kit.leader, date, [
          { memberId: kit.ann.userId, status: i % 2 ? 'ABSENT' : 'PRESENT' },
          { memberId: kit.bo.userId, status: 'EXCUSED' },
        ]),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const saved = (await rows()).filter((r) => r.meetingDate === date);
    expect(saved).toHaveLength(2);
  });

  it.runIf(hasPostgres)(
    'a member removed while their meeting is saved: the save is refused as no member, or kept and removed with them; never a 500',
    async () => {
      const admin = await signInAs(kit.t.db, 'NETWORK_ADMIN');
      for (let round = 0; round < 12; round++) {
        const leaving = await createUser(kit.t.db, 'MEMBER');
        const date = `2026-09-${String(round + 1).padStart(2, '0')}`;
        const [save, removal] = await Promise.all([
          kit.log(kit.leader, date, [
            { memberId: kit.ann.userId, status: 'PRESENT' },
            { memberId: leaving.id, status: 'ABSENT' },
          ]),
          kit.as(admin, { method: 'DELETE', url: `/api/users/${leaving.id}` }),
        ]);
        expect(removal.statusCode).toBe(204);
        const saved = (await rows()).filter((r) => r.meetingDate === date);
        if (save.statusCode === 400) {
          expect(save.json().message).toBe(ATTENDANCE_MESSAGES.notAMember);
          expect(saved).toEqual([]);
        } else {
          expect(save.statusCode, save.body).toBe(200);
          // The removal took the leaver's record with it; Ann's stays.
          expect(saved.map((r) => r.memberId)).toEqual([kit.ann.userId]);
        }
      }
    },
  );
});
