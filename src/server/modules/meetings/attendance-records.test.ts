import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ATTENDANCE_MESSAGES,
  absenceWindowStart,
  MEETING_MESSAGES,
} from '../../../domain/attendance/contracts';
import { attendanceRecords, users } from '../../db/schema';
import { makeAttendance, makeMember } from '../../test/factories';
import { expectFixedQueryCount } from '../../test/query-count';
import { expectRefusedBelow } from '../../test/requests';
import { signInAs } from '../../test/test-app';
import { attendanceTestKit } from './attendance-test-kit';

describe('attendance records and statistics', () => {
  const kit = attendanceTestKit();

  it("lists meetings newest first with totals, and a meeting's records by name", async () => {
    await kit.log(kit.leader, '2026-09-03', [
      { memberId: kit.ann.userId, status: 'PRESENT' },
      { memberId: kit.bo.userId, status: 'ABSENT' },
    ]);
    await kit.log(kit.leader, '2026-09-10', [{ memberId: kit.ann.userId, status: 'EXCUSED' }]);
    const res = await kit.as(kit.leader, { method: 'GET', url: '/api/attendance/meetings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          date: '2026-09-10',
          totalMembers: 1,
          totalPresent: 0,
          totalAbsent: 0,
          totalExcused: 1,
          totalLate: 0,
          totalSubstitute: 0,
        },
        {
          date: '2026-09-03',
          totalMembers: 2,
          totalPresent: 1,
          totalAbsent: 1,
          totalExcused: 0,
          totalLate: 0,
          totalSubstitute: 0,
        },
      ],
      nextCursor: null,
    });
    const records = await kit.as(kit.leader, {
      method: 'GET',
      url: '/api/attendance/records?date=2026-09-03',
    });
    expect(records.statusCode).toBe(200);
    expect(
      records.json().items.map((r: { firstName: string; status: string }) => [r.firstName, r.status]),
    ).toEqual([
      ['Ann', 'present'],
      ['Bo', 'absent'],
    ]);
    await expectRefusedBelow(
      kit.t,
      'LEADERSHIP',
      { method: 'GET', url: '/api/attendance/meetings' },
      async () => null,
    );
  });

  it('lets a member read their own records and statistics only', async () => {
    // Its own records (every test here runs alone too): one of Ann's, one of Bo's she must not see.
    await makeAttendance(kit.t.db, kit.ann.userId, { meetingDate: '2026-07-02', status: 'present' });
    await makeAttendance(kit.t.db, kit.bo.userId, { meetingDate: '2026-07-02', status: 'absent' });
    const own = await kit.as(kit.ann, {
      method: 'GET',
      url: `/api/attendance/records?memberId=${kit.ann.userId}`,
    });
    expect(own.statusCode).toBe(200);
    const mine = own.json().items as { memberId: string }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.memberId === kit.ann.userId)).toBe(true);
    for (const url of [
      '/api/attendance/records',
      `/api/attendance/records?memberId=${kit.bo.userId}`,
      `/api/attendance/stats/${kit.bo.userId}`,
    ]) {
      const res = await kit.as(kit.ann, { method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
    }
    expect(
      (await kit.as(kit.ann, { method: 'GET', url: `/api/attendance/stats/${kit.ann.userId}` })).statusCode,
    ).toBe(200);
    expect(
      (await kit.as(kit.leader, { method: 'GET', url: `/api/attendance/stats/${kit.bo.userId}` })).statusCode,
    ).toBe(200);
    for (const url of ['/api/attendance/records', '/api/attendance/stats'])
      await expectRefusedBelow(kit.t, 'MEMBER', { method: 'GET', url }, async () => null);
  });

  it('edits and deletes a record (leadership only), 404 for an unknown or malformed id', async () => {
    // Its own record, so the test runs alone as well as after the others.
    const { id } = await makeAttendance(kit.t.db, kit.bo.userId, {
      meetingDate: '2026-07-09',
      status: 'absent',
    });
    const put = (who: Parameters<typeof kit.as>[0], body: object, target = id) =>
      kit.as(who, { method: 'PUT', url: `/api/attendance/records/${target}`, payload: body });
    const snapshot = async () =>
      (await kit.t.db.select().from(attendanceRecords).where(eq(attendanceRecords.id, id)))[0];
    await expectRefusedBelow(
      kit.t,
      'LEADERSHIP',
      { method: 'PUT', url: `/api/attendance/records/${id}`, payload: { status: 'present' } },
      snapshot,
    );
    await expectRefusedBelow(
      kit.t,
      'LEADERSHIP',
      { method: 'DELETE', url: `/api/attendance/records/${id}` },
      snapshot,
    );

    // History written straight in is a closed week: locked to leadership until an administrator reopens it.
    const locked = await put(kit.leader, { status: 'present' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(MEETING_MESSAGES.closed);
    expect(
      (await kit.as(kit.leader, { method: 'DELETE', url: `/api/attendance/records/${id}` })).statusCode,
    ).toBe(409);
    expect((await snapshot())?.status).toBe('absent');
    const admin = await signInAs(kit.t.db, 'NETWORK_ADMIN');
    const reopened = await kit.as(admin, {
      method: 'POST',
      url: `/api/meetings/${await kit.meetingId('2026-07-09')}/reopen`,
      payload: { reason: 'Bo was there' },
    });
    expect(reopened.statusCode).toBe(200);

    const edited = await put(kit.leader, { status: 'EXCUSED', notes: '  ' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, status: 'excused', notes: null, firstName: 'Bo' });
    expect((await put(kit.leader, { status: 'maybe' })).json().message).toBe(
      ATTENDANCE_MESSAGES.statusRequired,
    );
    for (const target of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const res = await put(kit.leader, { status: 'present' }, target);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ATTENDANCE_MESSAGES.notFound);
    }
    const removed = await kit.as(kit.leader, { method: 'DELETE', url: `/api/attendance/records/${id}` });
    expect(removed.statusCode).toBe(204);
    expect(await snapshot()).toBeUndefined();
    expect(
      (await kit.as(kit.leader, { method: 'DELETE', url: `/api/attendance/records/${id}` })).statusCode,
    ).toBe(404);
  });

  it('computes statistics by hand, with the rolling window’s edge days', async () => {
    const cara = await signInAs(kit.t.db, 'MEMBER', { missedMeetingLimit: 3 });
    const start = absenceWindowStart(kit.today);
    const dayBefore = new Date(`${start}T00:00:00Z`);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    const before = dayBefore.toISOString().slice(0, 10);
    await makeAttendance(kit.t.db, cara.userId, { meetingDate: before, status: 'absent' }); // outside the window
    await makeAttendance(kit.t.db, cara.userId, { meetingDate: start, status: 'absent' }); // first day inside
    await makeAttendance(kit.t.db, cara.userId, { meetingDate: kit.today, status: 'present' });
    await makeAttendance(kit.t.db, cara.userId, { meetingDate: '2026-01-07', status: 'present' });
    await makeAttendance(kit.t.db, cara.userId, { meetingDate: '2026-01-14', status: 'excused' });
    // 2 present, 2 absent: 50%; one absence in the window against a limit of 3 leaves 2.
    expect(await kit.stats(cara)).toEqual({
      attendanceRate: 50,
      totalPresent: 2,
      totalAbsent: 2,
      totalExcused: 1,
      totalLate: 0,
      totalSubstitute: 0,
      missedRemaining: 2,
      missedMeetingLimit: 3,
      substitutesRemaining: null,
      period: 'all',
      previous: null,
    });
    const fresh = await signInAs(kit.t.db, 'MEMBER');
    expect((await kit.stats(fresh)).attendanceRate).toBeNull();
  });

  it('answers batch statistics keyed by id in a fixed number of queries for 10 and 100 members, no more', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await makeMember(kit.t.db)).id);
    const batch = () =>
      kit.as(kit.leader, { method: 'POST', url: '/api/attendance/stats/batch', payload: { memberIds: ids } });
    const queries = await expectFixedQueryCount(kit.recorder, batch, async () => {
      const rows = await kit.t.db
        .insert(users)
        .values(
          Array.from({ length: 90 }, (_, i) => ({
            email: `att${i}@example.com`,
            slug: `att-${i}`,
            role: 'MEMBER' as const,
          })),
        )
        .returning({ id: users.id });
      ids.push(...rows.map((r) => r.id));
    });
    expect(queries).toBe(1);
    expect(Object.keys((await batch()).json())).toHaveLength(100);
    // 101 ids is one too many: 400 with the limit said.
    ids.push('00000000-0000-4000-8000-000000000101');
    const tooMany = await batch();
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors.memberIds).toEqual(['At most 100 ids at a time']);
    ids.pop();
    await expectRefusedBelow(
      kit.t,
      'LEADERSHIP',
      { method: 'POST', url: '/api/attendance/stats/batch', payload: { memberIds: ids.slice(0, 1) } },
      async () => null,
    );
    // A meeting on file first, so the count is measured on lists with rows whether run alone or not.
    await kit.log(kit.leader, '2026-08-13', [{ memberId: kit.ann.userId, status: 'PRESENT' }]);
    const lists = () =>
      Promise.all([
        kit.as(kit.leader, { method: 'GET', url: '/api/attendance/records' }),
        kit.as(kit.leader, { method: 'GET', url: '/api/attendance/meetings' }),
      ]);
    const listQueries = await expectFixedQueryCount(kit.recorder, lists, () =>
      kit.log(
        kit.leader,
        '2026-08-06',
        ids.map((memberId) => ({ memberId, status: 'PRESENT' })),
      ),
    );
    // Everyone's records: the newest meeting, its page and the meeting after it; the meetings: one read.
    expect(listQueries).toBe(4);
  });

  it('exports attendance as CSV for leadership, one meeting or all', async () => {
    // Its own members and meetings, so the file has rows to check whether run alone or after the others.
    const cal = await makeMember(kit.t.db, { firstName: 'Cal', lastName: 'Csvrow', businessName: 'Cal Co' });
    const dee = await makeMember(kit.t.db, { firstName: 'Dee', lastName: 'Csvrow', businessName: null });
    await makeAttendance(kit.t.db, dee.id, { meetingDate: '2026-09-24', status: 'absent' });
    await makeAttendance(kit.t.db, cal.id, { meetingDate: '2026-09-24', status: 'present', notes: '=1+1' });
    await makeAttendance(kit.t.db, cal.id, { meetingDate: '2026-10-01', status: 'excused', notes: 'Away' });
    const csvLines = async (url: string) => {
      const res = await kit.as(kit.leader, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return {
        res,
        lines: res.body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\n'),
      };
    };

    const one = await csvLines('/api/attendance/records.csv?date=2026-09-24');
    expect(one.res.headers['content-disposition']).toBe('attachment; filename="attendance-2026-09-24.csv"');
    // Names A to Z within the meeting; a note that looks like a formula is written as text.
    expect(one.lines).toEqual([
      'Meeting date,Member,Business,Status,Notes',
      "2026-09-24,Cal Csvrow,Cal Co,Present,'=1+1",
      '2026-09-24,Dee Csvrow,,Absent,',
    ]);

    const all = await csvLines('/api/attendance/records.csv');
    expect(all.res.headers['content-disposition']).toBe('attachment; filename="attendance.csv"');
    // Every meeting, newest first.
    expect(all.lines.filter((line) => line.includes('Csvrow'))).toEqual([
      '2026-10-01,Cal Csvrow,Cal Co,Excused,Away',
      "2026-09-24,Cal Csvrow,Cal Co,Present,'=1+1",
      '2026-09-24,Dee Csvrow,,Absent,',
    ]);
    await expectRefusedBelow(
      kit.t,
      'LEADERSHIP',
      { method: 'GET', url: '/api/attendance/records.csv' },
      async () => null,
    );
  });
});
