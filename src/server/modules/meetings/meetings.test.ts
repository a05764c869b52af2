import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, lastMeetingDay } from '../../../domain/attendance/meeting-day';
import { MEETING_MESSAGES } from '../../../domain/attendance/meetings';
import { activity, attendanceRecords, auditLog, chapters, meetings } from '../../db/schema';
import { makeMember, meetingOn } from '../../test/factories';
import { expectRefusedBelow } from '../../test/requests';
import { signInAs } from '../../test/test-app';
import { postgresReachable } from '../../test/test-database';
import { attendanceTestKit } from './attendance-test-kit';
import { scheduleMeetings } from './schedule-meetings';

const hasPostgres = await postgresReachable();

describe("the chapter's week", () => {
  const kit = attendanceTestKit();
  const recordsOn = (date: string) =>
    kit.t.db
      .select({
        memberId: attendanceRecords.memberId,
        status: attendanceRecords.status,
        counted: attendanceRecords.counted,
        substituteName: attendanceRecords.substituteName,
        notes: attendanceRecords.notes,
      })
      .from(attendanceRecords)
      .where(eq(attendanceRecords.meetingDate, date));
  const meetingRow = (date: string) => meetingOn(kit.t.db, date);
  const post = (who: Parameters<typeof kit.as>[0], url: string, payload?: object) =>
    kit.as(who, { method: 'POST', url, payload });

  it('makes no meetings for a chapter without a meeting day: none is invented', async () => {
    const [chapter] = await kit.t.db
      .insert(chapters)
      .values({ name: 'No Day Yet', slug: 'no-day-yet' })
      .returning({ id: chapters.id });
    await scheduleMeetings(kit.t.db, new Date('2026-01-15T18:00:00Z'));
    expect(await kit.t.db.select().from(meetings).where(eq(meetings.chapterId, chapter!.id))).toEqual([]);
    // Gone again: the tests below take the first chapter.
    await kit.t.db.delete(chapters).where(eq(chapters.id, chapter!.id));
  });

  it('makes each week ahead once, catches up after downtime, and never makes a moved or holiday week again', async () => {
    const [chapter] = await kit.t.db.select().from(chapters).limit(1);
    // Wednesday meetings; "now" is Thursday 2026-01-15 in Denver.
    await kit.t.db
      .update(chapters)
      .set({ meetingWeekday: 3, meetingTime: '07:30' })
      .where(eq(chapters.id, chapter!.id));
    const thursday = new Date('2026-01-15T18:00:00Z');
    const made = await scheduleMeetings(kit.t.db, thursday);
    // This week's Wednesday (the 14th) and four weeks ahead to Feb 12: 14, 21, 28, Feb 4, Feb 11.
    expect(made).toBe(5);
    const dates = async () =>
      (
        await kit.t.db
          .select({ date: meetings.meetingDate, state: meetings.state, time: meetings.startTime })
          .from(meetings)
          .where(
            and(
              eq(meetings.chapterId, chapter!.id),
              sql`${meetings.meetingDate} between '2026-01-01' and '2026-06-30'`,
            ),
          )
          .orderBy(meetings.meetingDate)
      ).map((m) => `${m.date} ${m.state} ${m.time}`);
    expect(await dates()).toEqual([
      '2026-01-14 scheduled 07:30',
      '2026-01-21 scheduled 07:30',
      '2026-01-28 scheduled 07:30',
      '2026-02-04 scheduled 07:30',
      '2026-02-11 scheduled 07:30',
    ]);
    // Again, or on two instances at once: nothing more.
    expect(
      await Promise.all([scheduleMeetings(kit.t.db, thursday), scheduleMeetings(kit.t.db, thursday)]),
    ).toEqual([0, 0]);

    // Leadership moves the 21st to the 22nd and makes the 28th a holiday.
    const id21 = (await meetingRow('2026-01-21'))!.id;
    const id28 = (await meetingRow('2026-01-28'))!.id;
    const moved = await kit.as(kit.leader, {
      method: 'PATCH',
      url: `/api/meetings/${id21}`,
      payload: { meetingDate: '2026-01-22' },
    });
    expect(moved.statusCode).toBe(200);
    const holiday = await kit.as(kit.leader, {
      method: 'PATCH',
      url: `/api/meetings/${id28}`,
      payload: { holiday: true, note: 'Chamber gala' },
    });
    expect(holiday.json()).toMatchObject({ state: 'holiday', note: 'Chamber gala' });

    // The clock stopped for three weeks: on Feb 5 it catches up to Mar 5, making neither week again.
    expect(await scheduleMeetings(kit.t.db, new Date('2026-02-05T18:00:00Z'))).toBe(3);
    expect(await dates()).toEqual([
      '2026-01-14 scheduled 07:30',
      '2026-01-22 scheduled 07:30',
      '2026-01-28 holiday 07:30',
      '2026-02-04 scheduled 07:30',
      '2026-02-11 scheduled 07:30',
      '2026-02-18 scheduled 07:30',
      '2026-02-25 scheduled 07:30',
      '2026-03-04 scheduled 07:30',
    ]);
    // A date taken answers 409, a moved week refuses to move onto another meeting.
    const clash = await kit.as(kit.leader, {
      method: 'PATCH',
      url: `/api/meetings/${id21}`,
      payload: { meetingDate: '2026-02-04' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(MEETING_MESSAGES.dateTaken);
    const extra = await post(kit.leader, '/api/meetings', {
      meetingDate: '2026-02-06',
      startTime: '12:00',
      place: 'Library',
    });
    expect(extra.statusCode).toBe(201);
    expect(extra.json()).toMatchObject({
      meetingDate: '2026-02-06',
      extra: true,
      state: 'scheduled',
      place: 'Library',
    });
    expect(
      (await post(kit.leader, '/api/meetings', { meetingDate: '2026-02-06', startTime: '12:00' })).statusCode,
    ).toBe(409);
    const bad = await post(kit.leader, '/api/meetings', { meetingDate: '2026-02-07', startTime: '7am' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MEETING_MESSAGES.timeInvalid);
    await expectRefusedBelow(
      kit.t,
      'LEADERSHIP',
      { method: 'POST', url: '/api/meetings', payload: { meetingDate: '2026-02-09', startTime: '12:00' } },
      async () => (await kit.t.db.select().from(meetings)).length,
    );
    // Tuesday mornings for the other tests.
    await kit.t.db
      .update(chapters)
      .set({ meetingWeekday: 2, meetingTime: null })
      .where(eq(chapters.id, chapter!.id));
  });

  it("follows a chapter's new schedule in the weeks not yet opened, and checks the new settings", async () => {
    const agency = await signInAs(kit.t.db, 'AGENCY_ADMIN');
    const [chapter] = await kit.t.db.select().from(chapters).limit(1);
    await scheduleMeetings(kit.t.db);
    const patch = (payload: object) =>
      kit.as(agency, { method: 'PATCH', url: `/api/chapters/${chapter!.id}`, payload });
    const bad = await patch({
      latesPerAbsence: 0,
      substituteLimit: -1,
      meetingUrl: 'zoom.us/j/1',
      onTimeMinutes: 500,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      latesPerAbsence: ['Enter how many lates make one absence, from 1 to 20, or leave it empty'],
      substituteLimit: ['Enter how many substitutes six months allow, from 0 to 26, or leave it empty'],
      meetingUrl: ['Enter the online meeting link as an http(s) address'],
      onTimeMinutes: ['Enter the on-time cut-off as whole minutes from 0 to 120'],
    });
    // A new time and link reach the weeks ahead; a new weekday (Friday) replaces them.
    const ok = await patch({
      meetingTime: '06:45',
      meetingUrl: 'https://meet.example.com/noco',
      latesPerAbsence: 3,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().chapters.find((c: { id: string }) => c.id === chapter!.id)).toMatchObject({
      meetingUrl: 'https://meet.example.com/noco',
      latesPerAbsence: 3,
    });
    const ahead = async () =>
      kit.t.db
        .select({ date: meetings.meetingDate, time: meetings.startTime, url: meetings.onlineUrl })
        .from(meetings)
        .where(
          and(
            eq(meetings.chapterId, chapter!.id),
            eq(meetings.state, 'scheduled'),
            sql`${meetings.meetingDate} > ${kit.today}`,
            sql`${meetings.scheduledFor} is not null`,
          ),
        );
    expect(
      (await ahead()).every((m) => m.time === '06:45' && m.url === 'https://meet.example.com/noco'),
    ).toBe(true);
    expect((await patch({ meetingWeekday: 5 })).statusCode).toBe(200);
    const days = (await ahead()).map((m) => new Date(`${m.date}T00:00:00Z`).getUTCDay());
    expect(days.length).toBeGreaterThanOrEqual(4);
    expect(new Set(days)).toEqual(new Set([5]));
    // Back on Tuesday for the other tests, through the same path.
    const back = await patch({
      meetingWeekday: 2,
      meetingTime: null,
      meetingUrl: null,
      latesPerAbsence: null,
    });
    expect(back.statusCode).toBe(200);
    expect(new Set((await ahead()).map((m) => new Date(`${m.date}T00:00:00Z`).getUTCDay()))).toEqual(
      new Set([2]),
    );
  });

  it('closes an extra meeting that does not count without marking anyone absent; one that counts marks the rest', async () => {
    const lastTuesday = lastMeetingDay(kit.today, 2);
    const bad = await post(kit.leader, '/api/meetings', {
      meetingDate: addDays(lastTuesday, -3),
      startTime: '18:00',
      counts: 'no',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.counts).toEqual([MEETING_MESSAGES.countsRequired]);
    // Two Saturday meetings, the same but for whether they count: Ann comes to both, Flo (a member for
    // years, so expected at both) to neither.
    const flo = await makeMember(kit.t.db, {
      firstName: 'Flo',
      lastName: 'Elsewhere',
      createdAt: new Date('2020-01-01'),
    });
    const closeExtra = async (
      date: string,
      counts: boolean,
      marks: { memberId: string; status: string }[],
    ) => {
      const made = await post(kit.leader, '/api/meetings', { meetingDate: date, startTime: '18:00', counts });
      expect(made.statusCode).toBe(201);
      expect(made.json()).toMatchObject({ extra: true, counts });
      expect((await kit.log(kit.leader, date, marks)).statusCode).toBe(200);
      expect((await post(kit.leader, `/api/meetings/${made.json().id}/close`)).statusCode).toBe(200);
      const absences = await kit.t.db
        .select()
        .from(activity)
        .where(and(eq(activity.userId, flo.id), eq(activity.kind, 'attendance_absent')));
      return { records: await recordsOn(date), absences: absences.length };
    };
    const floBefore = await kit.stats(kit.leader, flo.id);
    // Even marked Absent by hand at a social, Flo is not told of an absence: it counts for nothing.
    const social = await closeExtra(addDays(lastTuesday, -3), false, [
      { memberId: kit.ann.userId, status: 'PRESENT' },
      { memberId: flo.id, status: 'ABSENT' },
    ]);
    expect(new Set(social.records.map((r) => `${r.memberId} ${r.status} ${r.counted}`))).toEqual(
      new Set([`${kit.ann.userId} present false`, `${flo.id} absent false`]),
    );
    expect(social.absences).toBe(0);
    expect(await kit.stats(kit.leader, flo.id)).toEqual(floBefore);
    const absencesBefore = social.absences;

    const chapterMeeting = await closeExtra(addDays(lastTuesday, -10), true, [
      { memberId: kit.ann.userId, status: 'PRESENT' },
    ]);
    expect(chapterMeeting.records.find((r) => r.memberId === flo.id)).toMatchObject({
      status: 'absent',
      counted: true,
    });
    expect(chapterMeeting.absences).toBe(absencesBefore + 1);
    expect((await kit.stats(kit.leader, flo.id)).totalAbsent).toBe(floBefore.totalAbsent + 1);
  });

  it('records P, L, S and Excused, closes the week, marks the rest absent and counts only then', async () => {
    const date = kit.today;
    const cy = await makeMember(kit.t.db, { firstName: 'Cy', lastName: 'Sub' });
    const dee = await makeMember(kit.t.db, { firstName: 'Dee', lastName: 'Away' });
    const eve = await makeMember(kit.t.db, { firstName: 'Eve', lastName: 'Unmarked' });
    const saved = await kit.log(kit.leader, date, [
      { memberId: kit.ann.userId, status: 'PRESENT' },
      { memberId: kit.bo.userId, status: 'LATE' },
      {
        memberId: cy.id,
        status: 'SUBSTITUTE',
        substituteName: 'Sam Stand-In',
        substituteEmail: 'sam@example.com',
      },
      { memberId: dee.id, status: 'EXCUSED', notes: 'Surgery' },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      totalPresent: 1,
      totalLate: 1,
      totalSubstitute: 1,
      totalExcused: 1,
      totalAbsent: 0,
    });
    // Open: nothing counts yet.
    expect((await kit.stats(kit.bo, kit.bo.userId)).totalLate).toBe(0);
    const meeting = await meetingRow(date);
    expect(meeting?.state).toBe('open');

    const closed = await post(kit.leader, `/api/meetings/${meeting!.id}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().state).toBe('closed');
    const byMember = new Map((await recordsOn(date)).map((r) => [r.memberId, r]));
    expect(byMember.get(kit.ann.userId)?.status).toBe('present');
    expect(byMember.get(kit.bo.userId)?.status).toBe('late');
    expect(byMember.get(cy.id)).toMatchObject({ status: 'substitute', substituteName: 'Sam Stand-In' });
    expect(byMember.get(dee.id)).toMatchObject({ status: 'excused', notes: 'Surgery' });
    expect(byMember.get(eve.id)?.status).toBe('absent');
    expect(byMember.get(kit.leader.userId)?.status).toBe('absent');
    expect([...byMember.values()].every((r) => r.counted)).toBe(true);

    // Now it counts: Bo's late attends (no lates rule), Cy's substitute is no absence.
    expect(await kit.stats(kit.leader, kit.bo.userId)).toMatchObject({ totalLate: 1, attendanceRate: 100 });
    expect(await kit.stats(kit.leader, cy.id)).toMatchObject({ totalSubstitute: 1, attendanceRate: 100 });
    expect(await kit.stats(kit.leader, eve.id)).toMatchObject({
      totalAbsent: 1,
      attendanceRate: 0,
      missedRemaining: 3,
    });

    // The closed week refuses leadership's saves, edits and a second close, changing nothing.
    const before = await recordsOn(date);
    const again = await kit.log(kit.leader, date, [{ memberId: eve.id, status: 'PRESENT' }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MEETING_MESSAGES.closed);
    expect((await post(kit.leader, `/api/meetings/${meeting!.id}/close`)).statusCode).toBe(409);
    expect(
      (await post(kit.leader, `/api/meetings/${meeting!.id}/reopen`, { reason: 'Mistake' })).statusCode,
    ).toBe(403);
    expect(await recordsOn(date)).toEqual(before);

    // An administrator reopens with a reason (audited); Eve is then recorded present and the week closes again.
    const admin = await signInAs(kit.t.db, 'NETWORK_ADMIN');
    const noReason = await post(admin, `/api/meetings/${meeting!.id}/reopen`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(MEETING_MESSAGES.reasonRequired);
    const reopened = await post(admin, `/api/meetings/${meeting!.id}/reopen`, {
      reason: 'Eve signed in late on paper',
    });
    expect(reopened.json()).toMatchObject({ state: 'open', note: 'Eve signed in late on paper' });
    const [audit] = await kit.t.db.select().from(auditLog).where(eq(auditLog.action, 'meeting.reopened'));
    expect(audit).toMatchObject({
      actorId: admin.userId,
      subject: date,
      after: { state: 'open', reason: 'Eve signed in late on paper' },
    });
    expect((await kit.stats(kit.leader, eve.id)).totalAbsent).toBe(0);
    expect((await kit.log(kit.leader, date, [{ memberId: eve.id, status: 'PRESENT' }])).statusCode).toBe(200);
    expect((await post(kit.leader, `/api/meetings/${meeting!.id}/close`)).statusCode).toBe(200);
    expect(await kit.stats(kit.leader, eve.id)).toMatchObject({ totalPresent: 1, totalAbsent: 0 });
  });

  it('marks absent only who had joined by the meeting day: one who joined after the week closed is not, when it closes again', async () => {
    const date = addDays(lastMeetingDay(kit.today, 2), -17);
    const gil = await makeMember(kit.t.db, {
      firstName: 'Gil',
      lastName: 'Longtime',
      createdAt: new Date('2020-01-01'),
    });
    const made = await post(kit.leader, '/api/meetings', {
      meetingDate: date,
      startTime: '18:00',
      counts: true,
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().id;
    expect(
      (await kit.log(kit.leader, date, [{ memberId: kit.ann.userId, status: 'PRESENT' }])).statusCode,
    ).toBe(200);
    expect((await post(kit.leader, `/api/meetings/${id}/close`)).statusCode).toBe(200);

    // Hal joins today, days after that week closed; an administrator then reopens it and leadership closes it again.
    const hal = await makeMember(kit.t.db, { firstName: 'Hal', lastName: 'Newcomer' });
    const admin = await signInAs(kit.t.db, 'NETWORK_ADMIN');
    expect(
      (await post(admin, `/api/meetings/${id}/reopen`, { reason: 'A late paper slip' })).statusCode,
    ).toBe(200);
    expect((await post(kit.leader, `/api/meetings/${id}/close`)).statusCode).toBe(200);

    const statusOf = new Map((await recordsOn(date)).map((r) => [r.memberId, r.status]));
    expect(statusOf.get(kit.ann.userId)).toBe('present');
    expect(statusOf.get(gil.id)).toBe('absent');
    expect(statusOf.has(hal.id)).toBe(false);
    expect(await kit.stats(kit.leader, hal.id)).toMatchObject({ totalAbsent: 0, attendanceRate: null });
  });

  it('lists the weeks to do as upcoming and the closed ones as past, to leadership only', async () => {
    // A Wednesday four weeks back: no other test here uses it (five days back is, on a Thursday, the Saturday
    // an earlier test closes).
    const date = addDays(lastMeetingDay(kit.today, 2), -27);
    expect(
      (await kit.log(kit.leader, date, [{ memberId: kit.ann.userId, status: 'PRESENT' }])).statusCode,
    ).toBe(200);
    const view = async (which: string) =>
      (await kit.as(kit.leader, { method: 'GET', url: `/api/meetings?view=${which}&limit=50` })).json()
        .items as { meetingDate: string; state: string; totals: { present: number } }[];
    // Open weeks ago: still to do, so upcoming, with its live totals.
    expect((await view('upcoming')).find((m) => m.meetingDate === date)).toMatchObject({
      state: 'open',
      totals: { present: 1 },
    });
    expect((await view('past')).some((m) => m.meetingDate === date)).toBe(false);
    await kit.close(date);
    expect((await view('past')).find((m) => m.meetingDate === date)).toMatchObject({ state: 'closed' });
    expect((await view('upcoming')).some((m) => m.meetingDate === date)).toBe(false);
    const upcoming = (await view('upcoming')).map((m) => m.meetingDate);
    expect(upcoming).toEqual([...upcoming].sort());
    await expectRefusedBelow(kit.t, 'LEADERSHIP', { method: 'GET', url: '/api/meetings' }, async () => null);
  });

  it.runIf(hasPostgres)('closing while saves arrive loses none and records each member once', async () => {
    const date = addDays(kit.today, -1);
    const members = await Promise.all(
      Array.from({ length: 12 }, (_, i) => makeMember(kit.t.db, { firstName: `Rush${i}` })),
    );
    // Joined before the meeting's day, so the close marks whoever was not saved.
    await kit.t.db.execute(
      sql`update users set created_at = now() - interval '3 days' where id in ${members.map((m) => m.id)}`,
    );
    expect(
      (await kit.log(kit.leader, date, [{ memberId: members[0]!.id, status: 'PRESENT' }])).statusCode,
    ).toBe(200);
    const meetingId = (await meetingRow(date))!.id;
    const saves = members
      .slice(1)
      .map((m, i) => kit.log(kit.leader, date, [{ memberId: m.id, status: i % 2 ? 'LATE' : 'PRESENT' }]));
    const [close, ...answers] = await Promise.all([
      post(kit.leader, `/api/meetings/${meetingId}/close`),
      ...saves,
    ]);
    expect(close.statusCode).toBe(200);
    const records = await recordsOn(date);
    for (const [i, m] of members.slice(1).entries()) {
      const mine = records.filter((r) => r.memberId === m.id);
      expect(mine, m.id).toHaveLength(1);
      const answer = answers[i]!;
      // A save acknowledged is in the closed week as sent; one refused left the member absent.
      if (answer.statusCode === 200) expect(mine[0]!.status).toBe(i % 2 ? 'late' : 'present');
      else {
        expect(answer.statusCode).toBe(409);
        expect(mine[0]!.status).toBe('absent');
      }
      expect(mine[0]!.counted).toBe(true);
    }
    expect(records.filter((r) => r.memberId === members[0]!.id)).toMatchObject([
      { status: 'present', counted: true },
    ]);
  });

  it('records a member\'s "I\'ll be away" when the meeting opens; leaders see it first', async () => {
    const date = addDays(lastMeetingDay(kit.today, 2), 7);
    await scheduleMeetings(kit.t.db);
    const meeting = (await meetingRow(date))!;
    expect(meeting.state).toBe('scheduled');
    const away = await post(kit.ann, '/api/meetings/away', {
      meetingDate: date,
      kind: 'excused',
      reason: 'Trade show in Denver',
    });
    expect(away.statusCode).toBe(200);
    expect(
      away.json().meetings.find((m: { meetingDate: string }) => m.meetingDate === date).away,
    ).toMatchObject({ kind: 'excused', reason: 'Trade show in Denver' });
    const noName = await post(kit.bo, '/api/meetings/away', { meetingDate: date, kind: 'substitute' });
    expect(noName.json().message).toBe(MEETING_MESSAGES.substituteNameRequired);
    expect(
      (
        await post(kit.bo, '/api/meetings/away', {
          meetingDate: date,
          kind: 'substitute',
          substituteName: 'Sue Stand',
        })
      ).statusCode,
    ).toBe(200);

    const detail = await kit.as(kit.leader, { method: 'GET', url: `/api/meetings/${meeting.id}` });
    expect(detail.json()).toMatchObject({ awayCount: 2 });
    expect(
      detail.json().away.map((a: { memberName: string; kind: string }) => [a.memberName, a.kind]),
    ).toEqual([
      ['Ann Able', 'excused'],
      ['Bo Baker', 'substitute'],
    ]);
    // A member reads no meeting's detail; the list is leadership's.
    expect((await kit.as(kit.ann, { method: 'GET', url: `/api/meetings/${meeting.id}` })).statusCode).toBe(
      403,
    );

    // Opening before its day is refused; on its day or after (moved to a past day here) it records both notices.
    expect((await post(kit.leader, `/api/meetings/${meeting.id}/open`)).json().message).toBe(
      MEETING_MESSAGES.notBeforeItsDay,
    );
    // A past day free of meetings (the other tests use today, yesterday and the schedule's Tuesdays).
    let day = addDays(kit.today, -2);
    while (await meetingRow(day)) day = addDays(day, -1);
    await kit.t.db.update(meetings).set({ meetingDate: day }).where(eq(meetings.id, meeting.id));
    await kit.t.db.execute(sql`update away_notices set meeting_date = ${day} where meeting_date = ${date}`);
    expect((await post(kit.leader, `/api/meetings/${meeting.id}/open`)).statusCode).toBe(200);
    const recorded = new Map((await recordsOn(day)).map((r) => [r.memberId, r]));
    expect(recorded.get(kit.ann.userId)).toMatchObject({
      status: 'excused',
      notes: 'Trade show in Denver',
      counted: false,
    });
    expect(recorded.get(kit.bo.userId)).toMatchObject({ status: 'substitute', substituteName: 'Sue Stand' });
    // Once open, it is too late to say so.
    const late = await post(kit.ann, '/api/meetings/away', {
      meetingDate: day,
      kind: 'excused',
      reason: 'x',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MEETING_MESSAGES.awayPast);
  });

  it("refuses a substitute past the chapter's limit, and lets lates become absences", async () => {
    const [chapter] = await kit.t.db.select().from(chapters).limit(1);
    await kit.t.db
      .update(chapters)
      .set({ substituteLimit: 0, latesPerAbsence: 2 })
      .where(eq(chapters.id, chapter!.id));
    await scheduleMeetings(kit.t.db);
    const date = addDays(lastMeetingDay(kit.today, 2), 14);
    const refused = await post(kit.ann, '/api/meetings/away', {
      meetingDate: date,
      kind: 'substitute',
      substituteName: 'Sue',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MEETING_MESSAGES.noSubstitutesLeft);
    // Two lates make one absence: a member late twice in closed weeks has 1 present-equivalent of 2.
    const flo = await makeMember(kit.t.db, { firstName: 'Flo', lastName: 'Late' });
    for (const d of ['2026-03-03', '2026-03-10']) {
      await kit.log(kit.leader, d, [{ memberId: flo.id, status: 'LATE' }]);
      await kit.close(d);
    }
    expect(await kit.stats(kit.leader, flo.id)).toMatchObject({ totalLate: 2, attendanceRate: 50 });
    await kit.t.db
      .update(chapters)
      .set({ substituteLimit: null, latesPerAbsence: null })
      .where(eq(chapters.id, chapter!.id));
  });

  it("lists one chapter's week: an agency administrator's is the chapter they act in", async () => {
    const [other] = await kit.t.db
      .insert(chapters)
      .values({ name: 'Estes Builders', slug: 'estes', meetingWeekday: 4 })
      .returning();
    await scheduleMeetings(kit.t.db);
    const agency = await signInAs(kit.t.db, 'AGENCY_ADMIN');
    const days = async (headers: Record<string, string>) =>
      new Set(
        (await kit.as(agency, { method: 'GET', url: '/api/meetings?limit=50', headers }))
          .json()
          .items.map((m: { meetingDate: string }) => new Date(`${m.meetingDate}T00:00:00Z`).getUTCDay()),
      );
    // Acting in Estes: its Thursdays only; acting in none: the first chapter's week (Tuesdays and the
    // other tests' extra days), never Estes' Thursdays beside them.
    expect(await days({ 'x-acting-chapter': 'estes' })).toEqual(new Set([4]));
    const estesDates = (
      await kit.t.db
        .select({ d: meetings.meetingDate })
        .from(meetings)
        .where(eq(meetings.chapterId, other!.id))
    ).map((m) => m.d);
    const firsts = (await kit.as(agency, { method: 'GET', url: '/api/meetings?limit=50' })).json().items as {
      id: string;
    }[];
    const estesIds = new Set(
      (
        await kit.t.db.select({ id: meetings.id }).from(meetings).where(eq(meetings.chapterId, other!.id))
      ).map((m) => m.id),
    );
    expect(estesDates.length).toBeGreaterThan(0);
    expect(firsts.some((m) => estesIds.has(m.id))).toBe(false);
  });
});
