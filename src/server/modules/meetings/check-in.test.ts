import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECK_IN_MESSAGES } from '../../../domain/attendance/check-in';
import {
  attendanceMeetingTotals,
  attendanceRecords,
  awayNotices,
  chapters,
  checkInTaps,
  meetings,
  users,
} from '../../db/schema';
import { makeMember } from '../../test/factories';
import { expectRefusedBelow } from '../../test/requests';
import { signInAs } from '../../test/test-app';
import { postgresReachable } from '../../test/test-database';
import { attendanceTestKit } from './attendance-test-kit';

const hasPostgres = await postgresReachable();

// Tuesday 24 November 2026, 07:00 in Denver (MST, UTC-7) = 14:00 UTC; on time until 14:05 UTC (5 minutes).
const DAY = '2026-11-24';
const tapAt = (memberId: string, utcTime: string, action = 'check-in', id: string = randomUUID()) => ({
  id,
  memberId,
  action,
  tappedAt: `${DAY}T${utcTime}Z`,
});

describe('meeting mode at the door', () => {
  const kit = attendanceTestKit();
  let meetingId: string;
  let chapterId: string;
  const records = () =>
    kit.t.db
      .select({
        memberId: attendanceRecords.memberId,
        status: attendanceRecords.status,
        notes: attendanceRecords.notes,
      })
      .from(attendanceRecords)
      .where(eq(attendanceRecords.meetingDate, DAY))
      .orderBy(attendanceRecords.memberId);
  const statusOf = async (memberId: string) =>
    (await records()).find((r) => r.memberId === memberId)?.status ?? null;
  const taps = (who: Parameters<typeof kit.as>[0], list: readonly object[], id = meetingId) =>
    kit.as(who, { method: 'POST', url: `/api/meetings/${id}/taps`, payload: { taps: list } });

  beforeAll(async () => {
    const [leader] = await kit.t.db
      .select({ chapterId: users.chapterId })
      .from(users)
      .where(eq(users.id, kit.leader.userId));
    chapterId = leader!.chapterId!;
    // Members of the chapter since January, so all of them were members by the meeting's day.
    await kit.t.db.update(users).set({ createdAt: new Date('2026-01-01T00:00:00Z') });
    const [row] = await kit.t.db
      .insert(meetings)
      .values({ chapterId, meetingDate: DAY, startTime: '07:00' })
      .returning();
    meetingId = row!.id;
    const opened = await kit.as(kit.leader, { method: 'POST', url: `/api/meetings/${meetingId}/open` });
    expect(opened.statusCode).toBe(200);
  });

  it('checks members in by tap: Present up to the cut-off, Late after it, shown on the door list', async () => {
    const res = await taps(kit.leader, [tapAt(kit.ann.userId, '14:04:59'), tapAt(kit.bo.userId, '14:05:30')]);
    expect(res.statusCode).toBe(200);
    const door = res.json();
    expect(door.cutoffAt).toBe('2026-11-24T14:05:00.000Z');
    expect(door.meeting).toMatchObject({ meetingDate: DAY, startTime: '07:00', state: 'open' });
    const ann = door.members.find((m: { id: string }) => m.id === kit.ann.userId);
    const bo = door.members.find((m: { id: string }) => m.id === kit.bo.userId);
    expect(ann).toMatchObject({
      name: 'Ann Able',
      status: 'present',
      checkedInAt: '2026-11-24T14:04:59.000Z',
    });
    expect(bo).toMatchObject({ name: 'Bo Baker', status: 'late', checkedInAt: '2026-11-24T14:05:30.000Z' });
    // The leader is on the list too, not yet in; A to Z by first name: Ann, Bo, Lee.
    expect(door.members.map((m: { name: string }) => m.name)).toEqual(['Ann Able', 'Bo Baker', 'Lee Leader']);
    expect(door.members[2].status).toBeNull();
  });

  it("expects a member who joined on the meeting's evening in Denver, not one who joined the day after", async () => {
    // 23:30 on the 24th in Denver is 06:30 UTC on the 25th; 01:00 on the 25th in Denver is 08:00 UTC.
    const evening = await makeMember(kit.t.db, {
      firstName: 'Evening',
      createdAt: new Date('2026-11-25T06:30:00Z'),
    });
    const after = await makeMember(kit.t.db, {
      firstName: 'After',
      createdAt: new Date('2026-11-25T08:00:00Z'),
    });
    const door = (await kit.as(kit.leader, { method: 'GET', url: `/api/meetings/${meetingId}/door` })).json();
    const ids = door.members.map((m: { id: string }) => m.id);
    expect(ids).toContain(evening.id);
    expect(ids).not.toContain(after.id);
  });

  it('records a tap sent twice once: a resent check-in after an undo changes nothing', async () => {
    const carl = await makeMember(kit.t.db, { firstName: 'Carl', lastName: 'Cole' });
    const first = tapAt(carl.id, '14:01:00');
    expect((await taps(kit.leader, [first])).statusCode).toBe(200);
    expect(await statusOf(carl.id)).toBe('present');
    expect((await taps(kit.leader, [tapAt(carl.id, '14:02:00', 'undo')])).statusCode).toBe(200);
    expect(await statusOf(carl.id)).toBeNull();
    // The browser never heard back about the first tap and sends it again.
    expect((await taps(kit.leader, [first])).statusCode).toBe(200);
    expect(await statusOf(carl.id)).toBeNull();
    const kept = await kit.t.db.select().from(checkInTaps).where(eq(checkInTaps.memberId, carl.id));
    expect(kept.map((t) => t.action).sort()).toEqual(['check-in', 'undo']);
  });

  it('a second check-in keeps the first time; checking in someone excused records them, undo puts the excuse back', async () => {
    const dee = await makeMember(kit.t.db, { firstName: 'Dee', lastName: 'Dunn' });
    await kit.t.db
      .insert(awayNotices)
      .values({ chapterId, memberId: dee.id, meetingDate: DAY, kind: 'excused', reason: 'Travel' });
    await kit.t.db.insert(attendanceRecords).values({
      chapterId,
      memberId: dee.id,
      meetingDate: DAY,
      status: 'excused',
      notes: 'Travel',
      counted: false,
    });
    await taps(kit.leader, [tapAt(dee.id, '14:03:00'), tapAt(dee.id, '14:20:00')]);
    expect((await records()).find((r) => r.memberId === dee.id)).toMatchObject({
      status: 'present',
      notes: null,
    });
    await taps(kit.leader, [tapAt(dee.id, '14:21:00', 'undo')]);
    expect((await records()).find((r) => r.memberId === dee.id)).toMatchObject({
      status: 'excused',
      notes: 'Travel',
    });
  });

  it('refuses below leadership, another chapter, a stranger to the chapter, a closed week and bad taps; nothing changes', async () => {
    const eve = await makeMember(kit.t.db, { firstName: 'Eve' });
    const request = {
      method: 'POST',
      url: `/api/meetings/${meetingId}/taps`,
      payload: { taps: [tapAt(eve.id, '14:00:00')] },
    } as const;
    await expectRefusedBelow(kit.t, 'LEADERSHIP', request, records);
    await expectRefusedBelow(
      kit.t,
      'LEADERSHIP',
      { method: 'GET', url: `/api/meetings/${meetingId}/door` },
      records,
    );

    const [other] = await kit.t.db
      .insert(chapters)
      .values({ name: 'Loveland', slug: 'loveland-door' })
      .returning();
    const otherLeader = await signInAs(kit.t.db, 'LEADERSHIP', { chapterId: other!.id });
    const outsider = await makeMember(kit.t.db, { chapterId: other!.id });
    const before = await records();
    expect((await taps(otherLeader, request.payload.taps)).statusCode).toBe(404);
    expect(
      (await kit.as(otherLeader, { method: 'GET', url: `/api/meetings/${meetingId}/door` })).statusCode,
    ).toBe(404);
    const stranger = await taps(kit.leader, [tapAt(eve.id, '14:00:00'), tapAt(outsider.id, '14:00:00')]);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(CHECK_IN_MESSAGES.notAMember);
    const bad = await taps(kit.leader, [{ ...tapAt(eve.id, '14:00:00'), id: 'not-an-id' }]);
    expect(bad.statusCode).toBe(400);
    expect(await records()).toEqual(before);

    const [shut] = await kit.t.db
      .insert(meetings)
      .values({ chapterId, meetingDate: '2026-11-17', startTime: '07:00', state: 'closed' })
      .returning();
    const closed = await taps(kit.leader, [tapAt(eve.id, '14:00:00')], shut!.id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(CHECK_IN_MESSAGES.notOpen);
    expect(await statusOf(eve.id)).toBeNull();
  });

  it.runIf(hasPostgres)('20 taps at once for one member record one check-in', async () => {
    const fay = await makeMember(kit.t.db, { firstName: 'Fay' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => taps(kit.leader, [tapAt(fay.id, '14:02:00')])),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const mine = await kit.t.db
      .select()
      .from(attendanceRecords)
      .where(eq(attendanceRecords.memberId, fay.id));
    expect(mine.map((r) => r.status)).toEqual(['present']);
    expect((await kit.t.db.select().from(checkInTaps).where(eq(checkInTaps.memberId, fay.id))).length).toBe(
      20,
    );
    // The meeting's live totals agree with its records (one present per member checked in).
    const [totals] = await kit.t.db
      .select()
      .from(attendanceMeetingTotals)
      .where(
        and(eq(attendanceMeetingTotals.chapterId, chapterId), eq(attendanceMeetingTotals.meetingDate, DAY)),
      );
    const [counted] = await kit.t.db
      .select({ present: sql<number>`count(*)::int` })
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.meetingDate, DAY), eq(attendanceRecords.status, 'present')));
    expect(totals!.present).toBe(counted!.present);
  });
});
