import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/attendance/meeting-day';
import { todayIn } from '../../../domain/dates';
import { VISITOR_MESSAGES } from '../../../domain/visitors/contracts';
import { selectRows } from '../../db/client';
import { attendanceRecords, auditLog, chapters, meetings, users, visitorVisits } from '../../db/schema';
import { expectRefusedBelow, injectAs } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
let chapterId: string;
let leader: SignedIn;
let ivan: SignedIn;
let jo: SignedIn;
const today = todayIn();
const meetingDay = addDays(today, 3);

/** A visitor invited by `invitedById`, checked in at the door of `meetingId` by the leader. */
async function attend(email: string, meetingId: string, invitedById: string | null) {
  const [v] = await selectRows<{ id: string }>(
    t.db,
    sql`insert into visitors (chapter_id, first_name, last_name, email, source, invited_by_id)
        values (${chapterId}, 'Vera', ${email}, ${email}, 'member', ${invitedById})
        on conflict (chapter_id, lower(email)) do update set updated_at = now() returning id`,
  );
  const [visit] = await t.db
    .insert(visitorVisits)
    .values({ chapterId, visitorId: v!.id, meetingId })
    .returning({ id: visitorVisits.id });
  const res = await injectAs(t, leader, {
    method: 'POST',
    url: `/api/meetings/${meetingId}/taps`,
    payload: {
      taps: [
        { id: randomUUID(), visitId: visit!.id, action: 'check-in', tappedAt: new Date().toISOString() },
      ],
    },
  });
  expect(res.statusCode).toBe(200);
  return visit!.id;
}

const myWeek = async (who: SignedIn) =>
  (await injectAs(t, who, { method: 'GET', url: '/api/meetings/my-week' })).json();
const creditOf = async (visitId: string) =>
  (
    await t.db
      .select({ c: visitorVisits.creditedMemberId })
      .from(visitorVisits)
      .where(eq(visitorVisits.id, visitId))
  )[0]!.c;

let meetingId: string;

beforeAll(async () => {
  t = await createTestApp();
  leader = await signInAs(t.db, 'LEADERSHIP', { firstName: 'Lee', lastName: 'Leader' });
  chapterId = (await t.db.select({ c: users.chapterId }).from(users).where(eq(users.id, leader.userId)))[0]!
    .c!;
  ivan = await signInAs(t.db, 'MEMBER', { firstName: 'Ivan', lastName: 'Inviter', chapterId });
  jo = await signInAs(t.db, 'MEMBER', { firstName: 'Jo', lastName: 'Joiner', chapterId });
  const [m] = await t.db
    .insert(meetings)
    .values({ chapterId, meetingDate: meetingDay, startTime: '07:00', state: 'open' })
    .returning({ id: meetings.id });
  meetingId = m!.id;
});
afterAll(() => t.close());

describe('visitor credit', () => {
  it("counts in the inviter's week and the chapter's: a first visit only", async () => {
    const before = await myWeek(ivan);
    expect(before.mine.visitors).toBe(0);
    await attend('first@example.org', meetingId, ivan.userId);
    // A visitor who came before (a visit checked in at an earlier meeting) brings no credit now.
    const [earlier] = await t.db
      .insert(meetings)
      .values({ chapterId, meetingDate: addDays(today, -11), startTime: '07:00', state: 'closed' })
      .returning({ id: meetings.id });
    const [v] = await selectRows<{ id: string }>(
      t.db,
      sql`insert into visitors (chapter_id, first_name, last_name, email, source, invited_by_id)
          values (${chapterId}, 'Rae', 'Return', 'again@example.org', 'member', ${ivan.userId}) returning id`,
    );
    await t.db.insert(visitorVisits).values({
      chapterId,
      visitorId: v!.id,
      meetingId: earlier!.id,
      checkedInAt: new Date(`${addDays(today, -11)}T14:00:00Z`),
    });
    await attend('again@example.org', meetingId, ivan.userId);
    const week = await myWeek(ivan);
    expect(week.meeting.id).toBe(meetingId);
    expect(week.mine.visitors).toBe(1);
    expect(week.chapter.visitors).toBe(1);
    expect((await myWeek(jo)).mine.visitors).toBe(0);
  });

  it("shows in the week report's V column once the week is closed", async () => {
    await t.db.insert(attendanceRecords).values(
      [ivan, jo].map((m) => ({
        chapterId,
        memberId: m.userId,
        meetingDate: meetingDay,
        status: 'present' as const,
      })),
    );
    await t.db
      .update(meetings)
      .set({ state: 'closed', closedAt: new Date(), reportEdition: 1 })
      .where(eq(meetings.id, meetingId));
    const res = await injectAs(t, leader, { method: 'GET', url: `/api/meetings/${meetingId}/report` });
    expect(res.statusCode).toBe(200);
    const v = Object.fromEntries(
      res.json().rows.map((r: { memberName: string; visitors: number }) => [r.memberName, r.visitors]),
    );
    expect(v).toEqual({ 'Ivan Inviter': 1, 'Jo Joiner': 0 });
    expect(res.json().totals.visitors).toBe(1);
  });

  it('leadership corrects a credit, audited; refusals change nothing', async () => {
    const [visit] = await selectRows<{ id: string }>(
      t.db,
      sql`select id from visitor_visits where credited_member_id = ${ivan.userId} and meeting_id = ${meetingId}`,
    );
    const url = `/api/visitors/visits/${visit!.id}/credit`;
    await expectRefusedBelow(t, 'LEADERSHIP', { method: 'PUT', url, payload: { memberId: jo.userId } }, () =>
      creditOf(visit!.id),
    );
    const [other] = await t.db
      .insert(chapters)
      .values({ name: 'Other', slug: 'other-credit' })
      .returning({ id: chapters.id });
    const outsider = await signInAs(t.db, 'MEMBER', { chapterId: other!.id });
    const otherLeader = await signInAs(t.db, 'LEADERSHIP', { chapterId: other!.id });
    const notMember = await injectAs(t, leader, {
      method: 'PUT',
      url,
      payload: { memberId: outsider.userId },
    });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().fieldErrors.memberId).toEqual([VISITOR_MESSAGES.creditNotMember]);
    expect(
      (await injectAs(t, otherLeader, { method: 'PUT', url, payload: { memberId: null } })).statusCode,
    ).toBe(404);
    expect(await creditOf(visit!.id)).toBe(ivan.userId);

    const moved = await injectAs(t, leader, { method: 'PUT', url, payload: { memberId: jo.userId } });
    expect(moved.statusCode).toBe(204);
    expect(await creditOf(visit!.id)).toBe(jo.userId);
    const report = await injectAs(t, leader, { method: 'GET', url: `/api/meetings/${meetingId}/report` });
    const v = Object.fromEntries(
      report.json().rows.map((r: { memberName: string; visitors: number }) => [r.memberName, r.visitors]),
    );
    expect(v).toEqual({ 'Ivan Inviter': 0, 'Jo Joiner': 1 });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'visitor.credit_changed'));
    expect(entry).toMatchObject({
      actorId: leader.userId,
      before: { creditedMemberId: ivan.userId, creditedMember: 'Ivan Inviter' },
      after: { creditedMemberId: jo.userId, creditedMember: 'Jo Joiner' },
    });
  });

  it('refuses a credit for a visit not attended', async () => {
    const [v] = await selectRows<{ id: string }>(
      t.db,
      sql`insert into visitors (chapter_id, first_name, last_name, email, source) values (${chapterId}, 'No', 'Show', 'noshow@example.org', 'public_form') returning id`,
    );
    const [visit] = await t.db
      .insert(visitorVisits)
      .values({ chapterId, visitorId: v!.id, meetingId })
      .returning({ id: visitorVisits.id });
    const res = await injectAs(t, leader, {
      method: 'PUT',
      url: `/api/visitors/visits/${visit!.id}/credit`,
      payload: { memberId: jo.userId },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(VISITOR_MESSAGES.creditNotAttended);
    expect(await creditOf(visit!.id)).toBeNull();
  });
});
