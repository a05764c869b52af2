import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/attendance/meeting-day';
import { WEEK_REPORT_MESSAGES } from '../../../domain/attendance/week-report';
import { orderedPair } from '../../../domain/one-to-ones/pair';
import {
  chapters,
  educationUnits,
  meetings,
  notifications,
  oneToOnes,
  testimonials,
  users,
} from '../../db/schema';
import { makeAttendance, makeMember, makeReferral } from '../../test/factories';
import { expectRefusedBelow } from '../../test/requests';
import { signInAs } from '../../test/test-app';
import { attendanceTestKit } from './attendance-test-kit';

/** Hand-counted figures of one week. */
describe("the week's PALMS report", () => {
  const kit = attendanceTestKit();
  const reports = async (userId: string) =>
    kit.t.db
      .select({ title: notifications.title, body: notifications.body, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'week_report')))
      .orderBy(notifications.createdAt);

  it('counts each member once under P, A, L, M or S and their referrals dated in the week, emails leadership once', async () => {
    await kit.t.db.update(chapters).set({ name: 'NoCo Referral Network' });
    const date = kit.today;
    const weekStart = addDays(date, -6);
    const cy = await makeMember(kit.t.db, { firstName: 'Cy', lastName: 'Cole' });
    const dee = await makeMember(kit.t.db, { firstName: 'Dee', lastName: 'Dunn' });
    const admin = await signInAs(kit.t.db, 'NETWORK_ADMIN', { firstName: 'Ada', lastName: 'Admin' });
    const agency = await signInAs(kit.t.db, 'AGENCY_ADMIN', { firstName: 'Agnes', lastName: 'Agency' });
    const ann = kit.ann.userId;
    const bo = kit.bo.userId;
    // Dated in the week: Ann gives Bo two approved referrals (250.00, and 40.50 on the week's first day),
    // Bo gives Ann a pending one (counted as given and received, no money yet) and a declined one (nothing).
    const give = (
      from: string,
      to: string,
      status: 'approved' | 'pending' | 'declined',
      amount: string,
      saleDate: string,
    ) => makeReferral(kit.t.db, { referrerId: from, recipientId: to }, { status, amount, saleDate });
    await give(ann, bo, 'approved', '250.00', date);
    await give(ann, bo, 'approved', '40.50', weekStart);
    await give(bo, ann, 'pending', '100.00', addDays(date, -3));
    await give(bo, ann, 'declined', '999.00', date);
    // Outside it: the day before the week began, and the day after the meeting.
    await give(ann, bo, 'approved', '1000.00', addDays(weekStart, -1));
    await give(ann, bo, 'approved', '7.00', addDays(date, 1));
    // One-to-ones: Ann and Bo met in the week (one each), Ann met an outsider of another chapter (Ann's
    // second); Cy said his with Ann did not happen (nothing); Ann and Bo's of the day before the week is out.
    const [elsewhere] = await kit.t.db
      .insert(chapters)
      .values({ name: 'Berthoud', slug: 'berthoud' })
      .returning();
    const outsider = await makeMember(kit.t.db, { firstName: 'Oz', chapterId: elsewhere!.id });
    const met = (a: string, b: string, metOn: string, status: 'held' | 'disputed' = 'held') =>
      kit.t.db.insert(oneToOnes).values({
        ...orderedPair(a, b),
        loggedById: a,
        metOn,
        mode: 'online',
        minutes: 30,
        status,
      });
    await met(ann, bo, addDays(date, -2));
    await met(ann, outsider.id, date);
    await met(ann, cy.id, date, 'disputed');
    await met(ann, bo, addDays(weekStart, -1));
    // Across chapters: Ann gives Oz an approved referral in the week (given outside), Oz gives Bo a pending one
    // (received outside), and an outside one before the week counts nowhere.
    await give(ann, outsider.id, 'approved', '60.00', date);
    await give(outsider.id, bo, 'pending', '0.00', addDays(date, -1));
    await give(ann, outsider.id, 'approved', '5.00', addDays(weekStart, -1));
    // Education units: two of Ann's in the week, one before it. Testimonials: Bo wrote Ann one in the week
    // (it counts for Bo, the writer) and one before it.
    const unit = (memberId: string, earnedOn: string) =>
      kit.t.db
        .insert(educationUnits)
        .values({ memberId, earnedOn, kind: 'podcast', title: 'Ep. 1', minutes: 20 });
    await unit(ann, date);
    await unit(ann, weekStart);
    await unit(ann, addDays(weekStart, -1));
    const wrote = (writerId: string, recipientId: string, givenOn: string) =>
      kit.t.db
        .insert(testimonials)
        .values({ writerId, recipientId, body: 'Great work', givenIn: 'meeting', givenOn });
    await wrote(bo, ann, addDays(date, -4));
    await wrote(bo, ann, addDays(weekStart, -1));

    expect(
      (
        await kit.log(kit.leader, date, [
          { memberId: ann, status: 'PRESENT' },
          { memberId: bo, status: 'LATE' },
          { memberId: cy.id, status: 'EXCUSED', notes: 'Surgery' },
          { memberId: kit.leader.userId, status: 'SUBSTITUTE', substituteName: 'Sam Stand-In' },
        ])
      ).statusCode,
    ).toBe(200);
    const meetingId = (await kit.meetingId(date))!;
    const report = () => kit.as(kit.leader, { method: 'GET', url: `/api/meetings/${meetingId}/report` });

    // Open: the report waits for the close.
    const early = await report();
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(WEEK_REPORT_MESSAGES.notClosed);
    expect(await reports(kit.leader.userId)).toEqual([]);

    expect((await kit.close(date)).statusCode).toBe(200);
    const res = await report();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meeting).toMatchObject({ id: meetingId, meetingDate: date, edition: 1 });
    expect(body.week).toEqual({ from: weekStart, to: date });
    const none = { P: 0, A: 0, L: 0, M: 0, S: 0 };
    const row = (name: string) => body.rows.find((r: { memberName: string }) => r.memberName === name);
    expect(row('Ann Able')).toMatchObject({
      ...none,
      P: 1,
      givenInside: 2,
      givenOutside: 1,
      receivedInside: 1,
      receivedOutside: 0,
      referralsGiven: 3,
      referralsReceived: 1,
      closedBusiness: '0.00',
      visitors: 0,
      oneToOnes: 2,
      educationUnits: 2,
      testimonials: 0,
    });
    expect(row('Bo Baker')).toMatchObject({
      ...none,
      L: 1,
      givenInside: 1,
      givenOutside: 0,
      receivedInside: 2,
      receivedOutside: 1,
      referralsGiven: 1,
      referralsReceived: 3,
      closedBusiness: '290.50',
      oneToOnes: 1,
      educationUnits: 0,
      testimonials: 1,
    });
    expect(row('Cy Cole')).toMatchObject({
      ...none,
      M: 1,
      referralsGiven: 0,
      closedBusiness: '0.00',
      oneToOnes: 0,
    });
    expect(row('Dee Dunn')).toMatchObject({ ...none, A: 1 });
    expect(row('Lee Leader')).toMatchObject({ ...none, S: 1 });
    // Names A to Z; the administrators belong to the chapter too and were marked absent by the close.
    expect(body.rows.map((r: { memberName: string }) => r.memberName)).toEqual([
      'Ada Admin',
      'Agnes Agency',
      'Ann Able',
      'Bo Baker',
      'Cy Cole',
      'Dee Dunn',
      'Lee Leader',
    ]);
    expect(body.totals).toEqual({
      P: 1,
      A: 3,
      L: 1,
      M: 1,
      S: 1,
      givenInside: 3,
      givenOutside: 1,
      receivedInside: 3,
      receivedOutside: 1,
      referralsGiven: 4,
      referralsReceived: 4,
      closedBusiness: '290.50',
      visitors: 0,
      oneToOnes: 3,
      educationUnits: 2,
      testimonials: 1,
    });

    // One email per reader (leadership, the network admin, the agency admin), none for members.
    const expectedTitle = /^PALMS report: NoCo Referral Network, \w+day, \w+ \d+, \d{4}$/;
    for (const reader of [kit.leader.userId, admin.userId, agency.userId]) {
      const sent = await reports(reader);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.title).toMatch(expectedTitle);
      expect(sent[0]!.link).toBe(`/meetings/${meetingId}/report`);
      expect(sent[0]!.body).toContain('7 members: 1 present, 3 absent, 1 late, 1 medical, 1 substitute.');
      expect(sent[0]!.body).toContain(
        'Referrals given: 4 (3 inside the chapter, 1 outside); received: 4; closed business: $290.50.',
      );
      expect(sent[0]!.body).toContain('Visitors: 0; one-to-ones: 3; education units: 2; testimonials: 1.');
    }
    expect(await reports(ann)).toEqual([]);

    // Reopened, corrected (Dee was there after all) and closed again: a second, corrected copy each.
    const reopened = await kit.as(admin, {
      method: 'POST',
      url: `/api/meetings/${meetingId}/reopen`,
      payload: { reason: 'Dee signed in late on paper' },
    });
    expect(reopened.statusCode).toBe(200);
    expect((await report()).statusCode).toBe(409);
    expect(await reports(kit.leader.userId)).toHaveLength(1);
    await kit.log(kit.leader, date, [{ memberId: dee.id, status: 'PRESENT' }]);
    expect((await kit.close(date)).statusCode).toBe(200);
    const again = (await report()).json();
    expect(again.meeting.edition).toBe(2);
    expect(again.totals).toMatchObject({ P: 2, A: 2 });
    for (const reader of [kit.leader.userId, admin.userId, agency.userId]) {
      const sent = await reports(reader);
      expect(sent.map((n) => n.title.split(':')[0])).toEqual(['PALMS report', 'Corrected PALMS report']);
      expect(sent[1]!.body).toContain('2 present, 2 absent');
    }
  });

  it('streams the report as CSV with the totals last, and keeps it to leadership of the chapter', async () => {
    // Two weeks back: no referral of the first test is dated in this week, and nobody had joined yet but
    // Ann, recorded.
    const date = addDays(kit.today, -14);
    await kit.log(kit.leader, date, [{ memberId: kit.ann.userId, status: 'PRESENT' }]);
    await kit.t.db.update(users).set({ lastName: '=HYPERLINK("x")' }).where(eq(users.id, kit.ann.userId));
    expect((await kit.close(date)).statusCode).toBe(200);
    const meetingId = (await kit.meetingId(date))!;
    const csv = await kit.as(kit.leader, { method: 'GET', url: `/api/meetings/${meetingId}/report.csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`palms-${date}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('First Name,Last Name,P,A,L,M,S,RGI,RGO,RRI,RRO,V,1-2-1,TYFCB,CEU,T');
    expect(lines.slice(1)).toEqual([
      `Ann,"'=HYPERLINK(""x"")",1,0,0,0,0,0,0,0,0,0,0,0.00,0,0`,
      'Chapter totals,,1,0,0,0,0,0,0,0,0,0,0,0.00,0,0',
    ]);
    await kit.t.db.update(users).set({ lastName: 'Able' }).where(eq(users.id, kit.ann.userId));

    for (const url of [`/api/meetings/${meetingId}/report`, `/api/meetings/${meetingId}/report.csv`]) {
      await expectRefusedBelow(kit.t, 'LEADERSHIP', { method: 'GET', url }, async () => null);
      const [other] = await kit.t.db
        .insert(chapters)
        .values({ name: 'Loveland', slug: `loveland-${url.length}` })
        .returning();
      const otherLeader = await signInAs(kit.t.db, 'LEADERSHIP', { chapterId: other!.id });
      expect((await kit.as(otherLeader, { method: 'GET', url })).statusCode).toBe(404);
    }
    expect(
      (await kit.as(kit.leader, { method: 'GET', url: '/api/meetings/not-a-meeting/report' })).statusCode,
    ).toBe(404);
  });

  it('closes a week and computes its report in the same number of queries at 20 and 200 members (47.4)', async () => {
    // Joined long before both weeks, so each close marks them absent; one in each batch is near the limit,
    // so both closes warn someone.
    const joined = new Date('2025-01-01T12:00:00Z');
    let made = 0;
    const join = async (n: number) => {
      await kit.t.db.insert(users).values(
        Array.from({ length: n }, (_, i) => ({
          email: `bulk${made + i}@example.com`,
          slug: `bulk-${made + i}`,
          firstName: 'Bulk',
          lastName: String(made + i),
          role: 'MEMBER' as const,
          createdAt: joined,
          missedMeetingLimit: i === 0 ? 1 : null,
        })),
      );
      made += n;
    };
    const closeAndReport = async (date: string) => {
      await kit.log(kit.leader, date, [{ memberId: kit.ann.userId, status: 'PRESENT' }]);
      const meetingId = (await kit.meetingId(date))!;
      const close = await kit.recorder.count(async () =>
        expect((await kit.close(date)).statusCode).toBe(200),
      );
      const report = await kit.recorder.count(async () => {
        const res = await kit.as(kit.leader, { method: 'GET', url: `/api/meetings/${meetingId}/report` });
        expect(res.statusCode).toBe(200);
        return res;
      });
      const rows = (
        await kit.as(kit.leader, { method: 'GET', url: `/api/meetings/${meetingId}/report` })
      ).json().rows.length;
      return { close, report, rows };
    };
    await join(20);
    const small = await closeAndReport(addDays(kit.today, -35));
    await join(180);
    const large = await closeAndReport(addDays(kit.today, -28));
    expect(small.rows).toBeGreaterThanOrEqual(20);
    expect(large.rows).toBeGreaterThanOrEqual(200);
    expect(small.close).toBeGreaterThan(0);
    expect({ close: large.close, report: large.report }).toEqual({
      close: small.close,
      report: small.report,
    });
  });
});

describe("a member's own week", () => {
  const kit = attendanceTestKit();
  const myWeek = (who: Parameters<typeof kit.as>[0]) =>
    kit.as(who, { method: 'GET', url: '/api/meetings/my-week' });

  it('shows the week up to the next meeting: their status, their slips and the chapter totals', async () => {
    const [chapter] = await kit.t.db.select().from(chapters).limit(1);
    const chapterId = chapter!.id;
    const next = addDays(kit.today, 2);
    await kit.t.db.insert(meetings).values([
      { chapterId, meetingDate: addDays(kit.today, -5), startTime: '07:00', state: 'closed' },
      { chapterId, meetingDate: next, startTime: '07:00' },
      { chapterId, meetingDate: addDays(kit.today, 9), startTime: '07:00' },
    ]);
    const ann = kit.ann.userId;
    const bo = kit.bo.userId;
    // The week runs from four days ago (next meeting - 6) to the meeting's day.
    await makeReferral(
      kit.t.db,
      { referrerId: ann, recipientId: bo },
      { status: 'approved', amount: '120.00', saleDate: addDays(kit.today, -4) },
    );
    await makeReferral(
      kit.t.db,
      { referrerId: bo, recipientId: ann },
      { status: 'approved', amount: '80.00', saleDate: addDays(kit.today, -5) },
    );
    await makeAttendance(kit.t.db, ann, { chapterId, meetingDate: next, status: 'late' });
    await kit.t.db.insert(oneToOnes).values({
      ...orderedPair(ann, bo),
      loggedById: bo,
      metOn: addDays(kit.today, -1),
      mode: 'in_person',
      place: 'Old Town',
      minutes: 60,
    });

    const res = await myWeek(kit.ann);
    expect(res.statusCode).toBe(200);
    const zeros = { visitors: 0, oneToOnes: 0, educationUnits: 0, testimonials: 0 };
    expect(res.json()).toMatchObject({
      meeting: { meetingDate: next, state: 'scheduled' },
      week: { from: addDays(kit.today, -4), to: next },
      status: 'late',
      mine: { referralsGiven: 1, referralsReceived: 0, closedBusiness: '0.00', oneToOnes: 1 },
      chapter: {
        P: 0,
        A: 0,
        L: 1,
        M: 0,
        S: 0,
        referralsGiven: 1,
        referralsReceived: 1,
        closedBusiness: '120.00',
        ...zeros,
        // Ann's and Bo's: one meeting, a slip for each.
        oneToOnes: 2,
      },
    });
    expect((await myWeek(kit.bo)).json()).toMatchObject({
      status: null,
      mine: { referralsGiven: 0, referralsReceived: 1, closedBusiness: '120.00' },
    });

    // A chapter with no meeting planned: the seven days ending today.
    const [other] = await kit.t.db.insert(chapters).values({ name: 'Windsor', slug: 'windsor' }).returning();
    const lone = await signInAs(kit.t.db, 'MEMBER', { chapterId: other!.id });
    expect((await myWeek(lone)).json()).toMatchObject({
      meeting: null,
      week: { from: addDays(kit.today, -6), to: kit.today },
      status: null,
      mine: { referralsGiven: 0, referralsReceived: 0, closedBusiness: '0.00' },
    });
    await expectRefusedBelow(
      kit.t,
      'MEMBER',
      { method: 'GET', url: '/api/meetings/my-week' },
      async () => null,
    );
  });

  it("sums the chapter over its current members only: a guest, another chapter's member and a declined slip count for nothing", async () => {
    // A chapter of its own, so no other test's slips fall in its week.
    const [chapter, elsewhere] = await kit.t.db
      .insert(chapters)
      .values([
        { name: 'Berthoud', slug: 'berthoud' },
        { name: 'Loveland', slug: 'loveland' },
      ])
      .returning();
    const chapterId = chapter!.id;
    const next = addDays(kit.today, 1);
    await kit.t.db.insert(meetings).values({ chapterId, meetingDate: next, startTime: '07:00' });
    const annSignedIn = await signInAs(kit.t.db, 'MEMBER', { chapterId });
    const ann = annSignedIn.userId;
    const bo = (await makeMember(kit.t.db, { chapterId })).id;
    const leader = (await makeMember(kit.t.db, { role: 'LEADERSHIP', chapterId })).id;
    const guest = await makeMember(kit.t.db, { role: 'GUEST', chapterId });
    const outsider = await makeMember(kit.t.db, { chapterId: elsewhere!.id });
    const slip = (from: string, to: string, status: 'approved' | 'pending' | 'declined', amount: string) =>
      makeReferral(kit.t.db, { referrerId: from, recipientId: to }, { status, amount, saleDate: kit.today });
    await slip(ann, bo, 'approved', '10.25'); // the chapter: 1 given, 1 received, 10.25 closed
    await slip(bo, ann, 'approved', '5.50'); // the chapter: 1 given, 1 received, 5.50 closed
    await slip(ann, outsider.id, 'approved', '700.00'); // Ann's given counts; the outsider's receipt does not
    await slip(guest.id, bo, 'pending', '0.00'); // Bo's receipt counts; the guest's given does not
    await slip(bo, ann, 'declined', '900.00'); // nothing
    for (const [memberId, status] of [
      [ann, 'present'],
      [bo, 'present'],
      [leader, 'absent'],
      [guest.id, 'late'],
    ] as const)
      await makeAttendance(kit.t.db, memberId, { chapterId, meetingDate: next, status });
    await makeAttendance(kit.t.db, outsider.id, {
      chapterId: elsewhere!.id,
      meetingDate: next,
      status: 'late',
    });

    const res = await myWeek(annSignedIn);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'present',
      mine: { referralsGiven: 2, referralsReceived: 1, closedBusiness: '5.50' },
      chapter: {
        P: 2,
        A: 1,
        L: 0,
        M: 0,
        S: 0,
        referralsGiven: 3,
        referralsReceived: 3,
        closedBusiness: '15.75',
      },
    });
  });
});
