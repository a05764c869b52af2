import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AGENDA_MESSAGES, DEFAULT_AGENDA } from '../../../domain/attendance/agenda';
import { CHECK_IN_MESSAGES } from '../../../domain/attendance/check-in';
import { attendanceRecords, chapters, meetings, users } from '../../db/schema';
import { expectRefusedBelow } from '../../test/requests';
import { signInAs, TEST_ORIGIN } from '../../test/test-app';
import { attendanceTestKit } from './attendance-test-kit';
import { meetingToken } from './meeting-tokens';

const DAY = '2026-11-24';

describe("the room's QR code and the agenda timer", () => {
  const kit = attendanceTestKit();
  let chapterId: string;
  let meeting: { id: string; meetingDate: string };
  const secret = () => kit.t.app.config.sessionSecret;
  const myRecord = async (memberId: string) =>
    (
      await kit.t.db
        .select({ status: attendanceRecords.status, date: attendanceRecords.meetingDate })
        .from(attendanceRecords)
        .where(eq(attendanceRecords.memberId, memberId))
    ).map((r) => `${r.date} ${r.status}`);
  const checkIn = (who: Parameters<typeof kit.as>[0], token: string) =>
    kit.as(who, { method: 'POST', url: `/api/check-in/${token}` });

  beforeAll(async () => {
    await kit.t.db.update(users).set({ createdAt: new Date('2026-01-01T00:00:00Z') });
    const [leader] = await kit.t.db
      .select({ chapterId: users.chapterId })
      .from(users)
      .where(eq(users.id, kit.leader.userId));
    chapterId = leader!.chapterId!;
    const [row] = await kit.t.db
      .insert(meetings)
      .values({ chapterId, meetingDate: DAY, startTime: '07:00', state: 'open' })
      .returning();
    meeting = row!;
  });

  it("gives leadership the meeting's QR code and display link; a member checks in with it, once", async () => {
    const codes = await kit.as(kit.leader, { method: 'GET', url: `/api/meetings/${meeting.id}/codes` });
    expect(codes.statusCode).toBe(200);
    const { checkInUrl, checkInQrSvg, displayUrl } = codes.json();
    expect(checkInUrl.startsWith(`${TEST_ORIGIN}/check-in/${meeting.id}.${DAY}.`)).toBe(true);
    expect(checkInQrSvg.startsWith('<svg')).toBe(true);
    expect(displayUrl.startsWith(`${TEST_ORIGIN}/room/${meeting.id}.${DAY}.`)).toBe(true);
    const token = checkInUrl.split('/check-in/')[1];

    const seen = await kit.as(kit.ann, { method: 'GET', url: `/api/check-in/${token}` });
    expect(seen.json()).toMatchObject({ meetingDate: DAY, startTime: '07:00', status: null });
    const first = await checkIn(kit.ann, token);
    expect(first.statusCode).toBe(200);
    // Checked in now, days after 07:05 on the 24th: Late.
    expect(first.json().status).toBe('late');
    expect((await checkIn(kit.ann, token)).statusCode).toBe(200);
    expect(await myRecord(kit.ann.userId)).toEqual([`${DAY} late`]);
    await expectRefusedBelow(
      kit.t,
      'LEADERSHIP',
      { method: 'GET', url: `/api/meetings/${meeting.id}/codes` },
      async () => null,
    );
  });

  it("refuses last week's code, a forged one, the display's link, a moved meeting's, guests and other chapters", async () => {
    const lastWeek = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
    const old = meetingToken(secret(), 'check-in', meeting, lastWeek).token;
    const expired = await checkIn(kit.bo, old);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(CHECK_IN_MESSAGES.codeExpired);

    const fresh = meetingToken(secret(), 'check-in', meeting).token;
    const forged = `${fresh.slice(0, -3)}AAA`;
    expect((await checkIn(kit.bo, forged)).json()).toMatchObject({
      code: 'NOT_FOUND',
      message: CHECK_IN_MESSAGES.codeInvalid,
    });
    const display = meetingToken(secret(), 'room', meeting).token;
    expect((await checkIn(kit.bo, display)).statusCode).toBe(404);
    const moved = meetingToken(secret(), 'check-in', { id: meeting.id, meetingDate: '2026-11-23' }).token;
    expect((await checkIn(kit.bo, moved)).statusCode).toBe(409);

    const [other] = await kit.t.db
      .insert(chapters)
      .values({ name: 'Loveland', slug: 'loveland-qr' })
      .returning();
    const outsider = await signInAs(kit.t.db, 'MEMBER', { chapterId: other!.id });
    const refused = await checkIn(outsider, fresh);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CHECK_IN_MESSAGES.notAMember);
    await expectRefusedBelow(kit.t, 'MEMBER', { method: 'POST', url: `/api/check-in/${fresh}` }, async () =>
      kit.t.db.select().from(attendanceRecords),
    );
    expect(await myRecord(kit.bo.userId)).toEqual([]);
    expect(await myRecord(outsider.userId)).toEqual([]);
  });

  it("a closed meeting's code checks no one in", async () => {
    const [shut] = await kit.t.db
      .insert(meetings)
      .values({ chapterId, meetingDate: '2026-11-17', startTime: '07:00', state: 'closed' })
      .returning();
    const res = await checkIn(kit.bo, meetingToken(secret(), 'check-in', shut!).token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CHECK_IN_MESSAGES.notOpen);
    expect(await myRecord(kit.bo.userId)).toEqual([]);
  });

  it('a code of a week closed and then reopened checks no one in, and no new code is made for it', async () => {
    const [week] = await kit.t.db
      .insert(meetings)
      .values({ chapterId, meetingDate: '2026-11-10', startTime: '07:00', state: 'open' })
      .returning();
    const post = (who: Parameters<typeof kit.as>[0], action: string, payload?: object) =>
      kit.as(who, { method: 'POST', url: `/api/meetings/${week!.id}/${action}`, payload });
    // The code handed out in the room, still within its three hours when the week is closed.
    const codes = await kit.as(kit.leader, { method: 'GET', url: `/api/meetings/${week!.id}/codes` });
    const token = codes.json().checkInUrl.split('/check-in/')[1];
    expect((await post(kit.leader, 'close')).statusCode).toBe(200);
    const admin = await signInAs(kit.t.db, 'NETWORK_ADMIN');
    expect((await post(admin, 'reopen', { reason: 'Eve signed in on paper' })).statusCode).toBe(200);

    const res = await checkIn(kit.bo, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CHECK_IN_MESSAGES.weekClosed);
    expect((await kit.as(kit.bo, { method: 'GET', url: `/api/check-in/${token}` })).json().message).toBe(
      CHECK_IN_MESSAGES.weekClosed,
    );
    // A code made after the reopen is refused the same way, and leadership is told why no code is made.
    const later = await checkIn(kit.bo, meetingToken(secret(), 'check-in', week!).token);
    expect(later.json().message).toBe(CHECK_IN_MESSAGES.weekClosed);
    const noCodes = await kit.as(kit.leader, { method: 'GET', url: `/api/meetings/${week!.id}/codes` });
    expect(noCodes.statusCode).toBe(409);
    expect(noCodes.json().message).toBe(CHECK_IN_MESSAGES.weekClosed);
    const [record] = await kit.t.db
      .select({ status: attendanceRecords.status })
      .from(attendanceRecords)
      .where(eq(attendanceRecords.memberId, kit.bo.userId));
    // Closing recorded Bo absent; the code did not turn that into Late.
    expect(record?.status).not.toBe('late');
    // Leadership still corrects the reopened week at the door.
    const taps = await post(kit.leader, 'taps', {
      taps: [
        {
          id: crypto.randomUUID(),
          memberId: kit.bo.userId,
          action: 'check-in',
          tappedAt: '2026-11-10T14:00:00Z',
        },
      ],
    });
    expect(taps.statusCode).toBe(200);
  });

  it("keeps the chapter's agenda template; leadership writes it, a bad one is refused", async () => {
    const initial = await kit.as(kit.leader, { method: 'GET', url: '/api/meetings/agenda' });
    expect(initial.json().agenda).toEqual(DEFAULT_AGENDA);
    const agenda = [
      { title: 'Open networking', minutes: 15 },
      { title: 'Feature presentation', minutes: 10 },
    ];
    const put = (who: Parameters<typeof kit.as>[0], payload: object) =>
      kit.as(who, { method: 'PUT', url: '/api/meetings/agenda', payload });
    expect((await put(kit.leader, { agenda })).statusCode).toBe(200);
    expect((await kit.as(kit.leader, { method: 'GET', url: '/api/meetings/agenda' })).json().agenda).toEqual(
      agenda,
    );
    const bad = await put(kit.leader, { agenda: [{ title: 'Open networking', minutes: 0 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(AGENDA_MESSAGES.minutesInvalid);
    const stored = async () =>
      (
        await kit.t.db.select({ agenda: chapters.agenda }).from(chapters).where(eq(chapters.id, chapterId))
      )[0];
    expect(await stored()).toEqual({ agenda });
    await expectRefusedBelow(
      kit.t,
      'LEADERSHIP',
      { method: 'PUT', url: '/api/meetings/agenda', payload: { agenda: DEFAULT_AGENDA } },
      stored,
    );
  });

  it('runs the timer: start, next, back, stop; the room display follows without signing in', async () => {
    const run = (action: string) =>
      kit.as(kit.leader, { method: 'POST', url: `/api/meetings/${meeting.id}/agenda`, payload: { action } });
    const early = await run('next');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(AGENDA_MESSAGES.notStarted);
    const started = (await run('start')).json();
    expect(started.segment).toBe(0);
    expect(started.agenda.map((s: { title: string }) => s.title)).toEqual([
      'Open networking',
      'Feature presentation',
    ]);
    expect(started.segmentStartedAt).not.toBeNull();
    expect((await run('next')).json().segment).toBe(1);
    expect((await run('next')).json().segment).toBe(2); // past the last part: finished
    expect((await run('back')).json().segment).toBe(1);

    const display = meetingToken(secret(), 'room', meeting).token;
    const room = await kit.t.app.inject({ method: 'GET', url: `/api/room/${display}` });
    expect(room.statusCode).toBe(200);
    expect(room.headers['cache-control']).toBe('no-store');
    expect(room.json()).toMatchObject({ meetingDate: DAY, agenda: { segment: 1 } });
    expect(JSON.stringify(room.json())).not.toContain('Ann');
    const checkInCode = meetingToken(secret(), 'check-in', meeting).token;
    expect((await kit.t.app.inject({ method: 'GET', url: `/api/room/${checkInCode}` })).statusCode).toBe(404);

    expect((await run('stop')).json()).toMatchObject({ segment: null, segmentStartedAt: null });
    expect((await run('bogus')).statusCode).toBe(400);
    await expectRefusedBelow(
      kit.t,
      'LEADERSHIP',
      { method: 'POST', url: `/api/meetings/${meeting.id}/agenda`, payload: { action: 'start' } },
      async () =>
        (
          await kit.t.db
            .select({ s: meetings.agendaSegment })
            .from(meetings)
            .where(eq(meetings.id, meeting.id))
        )[0],
    );
  });
});
