import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_MESSAGES } from '../../../domain/visitors/contracts';
import { selectRows } from '../../db/client';
import {
  chapters,
  meetings,
  notifications,
  users,
  visitorFollowUps,
  visitors,
  visitorVisits,
} from '../../db/schema';
import { expectRefusedBelow, injectAs } from '../../test/requests';
import {
  createSecondInstance,
  createTestApp,
  type SignedIn,
  signInAs,
  type TestApp,
} from '../../test/test-app';
import { postgresReachable } from '../../test/test-database';
import { remindOverdueFollowUps } from './follow-up-reminders';
import { openFollowUp } from './follow-up-tasks';

const hasPostgres = await postgresReachable();

// Tuesday 24 November 2026; the call is due Thursday 26 November.
const DAY = '2026-11-24';
const DUE = '2026-11-26';
/** Noon in Denver (UTC-7) on `date`. */
const noonOn = (date: string) => new Date(`${date}T19:00:00Z`);

let t: TestApp;
let chapterId: string;
let leader: SignedIn;
let host: SignedIn;
let busyHost: SignedIn;
let member: SignedIn;
let meetingId: string;

/** A visitor who attended DAY's meeting, with the call it opened. */
async function attended(email: string, chapter = chapterId, meeting = meetingId) {
  const [v] = await t.db
    .insert(visitors)
    .values({
      chapterId: chapter,
      firstName: 'Fay',
      lastName: email.split('@')[0]!,
      email,
      source: 'public_form',
      stage: 'attended',
    })
    .returning({ id: visitors.id });
  const [visit] = await t.db
    .insert(visitorVisits)
    .values({
      chapterId: chapter,
      visitorId: v!.id,
      meetingId: meeting,
      checkedInAt: new Date(`${DAY}T14:00:00Z`),
    })
    .returning({ id: visitorVisits.id });
  await t.db.transaction((tx) =>
    openFollowUp(tx, { id: visit!.id, visitorId: v!.id, chapterId: chapter, meetingDate: DAY }),
  );
  const [call] = await t.db.select().from(visitorFollowUps).where(eq(visitorFollowUps.visitId, visit!.id));
  return { visitorId: v!.id, call: call! };
}

const notes = (userId: string) =>
  t.db
    .select({ title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(sql`${notifications.userId} = ${userId} and ${notifications.kind} = 'visitor_follow_up'`)
    .orderBy(notifications.createdAt);

beforeAll(async () => {
  t = await createTestApp();
  leader = await signInAs(t.db, 'LEADERSHIP', { firstName: 'Pat', lastName: 'President' });
  chapterId = (await t.db.select({ c: users.chapterId }).from(users).where(eq(users.id, leader.userId)))[0]!
    .c!;
  host = await signInAs(t.db, 'MEMBER', {
    firstName: 'Hana',
    lastName: 'Host',
    chapterId,
    visitorHost: true,
  });
  busyHost = await signInAs(t.db, 'MEMBER', {
    firstName: 'Abe',
    lastName: 'Busy',
    chapterId,
    visitorHost: true,
  });
  member = await signInAs(t.db, 'MEMBER', { firstName: 'Mo', lastName: 'Member', chapterId });
  const [m] = await t.db
    .insert(meetings)
    .values({ chapterId, meetingDate: DAY, startTime: '07:00', state: 'closed' })
    .returning({ id: meetings.id });
  meetingId = m!.id;
});
afterAll(() => t.close());

describe('follow-up calls', () => {
  it('go to the visitor host with the fewest open calls, due two business days after the meeting', async () => {
    const first = await attended('one@example.org');
    expect(first.call).toMatchObject({ hostId: busyHost.userId, dueOn: DUE }); // Abe before Hana by name
    const second = await attended('two@example.org');
    expect(second.call.hostId).toBe(host.userId); // Abe has one open, Hana none
  });

  it('the host records the call once: followed up, kept in the history; refusals change nothing', async () => {
    const { visitorId, call } = await attended('rec@example.org');
    const url = `/api/visitors/follow-ups/${call.id}`;
    const hostOf = call.hostId === host.userId ? host : busyHost;
    const other = call.hostId === host.userId ? busyHost : host;
    const row = async () =>
      (await t.db.select().from(visitorFollowUps).where(eq(visitorFollowUps.id, call.id)))[0];
    const before = await row();
    const bad = await injectAs(t, hostOf, { method: 'POST', url, payload: { outcome: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.outcome).toEqual([VISITOR_MESSAGES.outcomeRequired]);
    await expectRefusedBelow(t, 'MEMBER', { method: 'POST', url, payload: { outcome: 'reached' } }, row);
    const notHost = await injectAs(t, other, { method: 'POST', url, payload: { outcome: 'reached' } });
    expect(notHost.statusCode).toBe(403);
    expect(notHost.json().message).toBe(VISITOR_MESSAGES.followUpNotYours);
    const [elsewhere] = await t.db
      .insert(chapters)
      .values({ name: 'Else', slug: 'else-calls' })
      .returning({ id: chapters.id });
    const outsider = await signInAs(t.db, 'LEADERSHIP', { chapterId: elsewhere!.id });
    expect(
      (await injectAs(t, outsider, { method: 'POST', url, payload: { outcome: 'reached' } })).statusCode,
    ).toBe(404);
    expect(await row()).toEqual(before);

    const done = await injectAs(t, hostOf, {
      method: 'POST',
      url,
      payload: { outcome: 'wants_to_apply', note: 'Loved it' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ outcome: 'wants_to_apply', note: 'Loved it', hostId: hostOf.userId });
    const again = await injectAs(t, leader, { method: 'POST', url, payload: { outcome: 'reached' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(VISITOR_MESSAGES.followUpAlreadyRecorded);
    const [stage] = await t.db
      .select({ stage: visitors.stage })
      .from(visitors)
      .where(eq(visitors.id, visitorId));
    expect(stage!.stage).toBe('followed_up');
    const moves = await selectRows<{ cause: string; by_id: string }>(
      t.db,
      sql`select cause, by_id from visitor_stage_events where visitor_id = ${visitorId}`,
    );
    expect(moves).toEqual([{ cause: 'follow_up', by_id: hostOf.userId }]);
  });

  it("count in the dashboard's waiting counts: the host's own calls due, leadership's overdue ones", async () => {
    const waiting = async (who: SignedIn) =>
      (await injectAs(t, who, { method: 'GET', url: '/api/visitors/follow-ups/waiting' })).json();
    const openFor = async (userId: string) =>
      (
        await selectRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from visitor_follow_ups where host_id = ${userId} and recorded_at is null`,
        )
      )[0]!.n;
    // Every call here fell due on 26 November, long past.
    expect(await waiting(host)).toEqual({ mine: await openFor(host.userId), chapterOverdue: 0 });
    const open = (
      await selectRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from visitor_follow_ups where recorded_at is null and chapter_id = ${chapterId}`,
      )
    )[0]!.n;
    expect(await waiting(leader)).toEqual({ mine: 0, chapterOverdue: open });
    expect(await waiting(member)).toEqual({ mine: 0, chapterOverdue: 0 });
    const mine = await injectAs(t, host, { method: 'GET', url: '/api/visitors/follow-ups/mine' });
    expect(mine.json().every((c: { hostId: string }) => c.hostId === host.userId)).toBe(true);
    expect((await injectAs(t, member, { method: 'GET', url: '/api/visitors/follow-ups' })).statusCode).toBe(
      403,
    );
  });

  it.skipIf(!hasPostgres)(
    'reminds the host once a day, three times, under two instances; then tells the president once',
    async () => {
      await t.db.delete(visitorFollowUps);
      const { call } = await attended('late@example.org');
      const hostOf = call.hostId!;
      const second = await createSecondInstance(t);
      try {
        const days = [
          '2026-11-26',
          '2026-11-27',
          '2026-11-27',
          '2026-11-28',
          '2026-11-29',
          '2026-11-30',
          '2026-12-01',
        ];
        const counts: number[] = [];
        for (const day of days) {
          const both = await Promise.all([
            remindOverdueFollowUps(t.db, noonOn(day)),
            remindOverdueFollowUps(second.app.database.db, noonOn(day)),
          ]);
          counts.push(both[0] + both[1]);
        }
        // Due day itself: not overdue. 27th: first; again the 27th: nothing; 28th, 29th; 30th: the president.
        expect(counts).toEqual([0, 1, 0, 1, 1, 1, 0]);
        expect((await notes(hostOf)).map((n) => n.title)).toEqual([
          'Call Fay late',
          'Call Fay late',
          'Call Fay late',
        ]);
        expect((await notes(hostOf))[2]!.body).toBe(
          'Your call to Fay late was due Thursday, November 26, 2026. Record it in Referral Metrics once you have called (reminder 3 of 3).',
        );
        const president = await notes(leader.userId);
        expect(president).toHaveLength(1);
        expect(president[0]!.title).toBe('Overdue call: Fay late');
      } finally {
        await second.close();
      }
    },
  );

  it("leadership names the chapter's president, audited; the hosts list shows them", async () => {
    const put = (who: SignedIn | 'MEMBER', memberId: string | null) =>
      injectAs(t, who, { method: 'PUT', url: '/api/visitors/president', payload: { memberId } });
    const presidents = async () =>
      (await t.db.select({ id: users.id }).from(users).where(sql`${users.chapterPresident}`)).map(
        (u) => u.id,
      );
    await expectRefusedBelow(
      t,
      'LEADERSHIP',
      { method: 'PUT', url: '/api/visitors/president', payload: { memberId: member.userId } },
      presidents,
    );
    const guest = await signInAs(t.db, 'GUEST', { chapterId });
    const refused = await put(leader, guest.userId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.memberId).toEqual([VISITOR_MESSAGES.presidentNotMember]);
    expect(await presidents()).toEqual([]);
    expect((await put(leader, member.userId)).statusCode).toBe(204);
    expect((await put(leader, host.userId)).statusCode).toBe(204);
    expect(await presidents()).toEqual([host.userId]);
    const hosts = (await injectAs(t, leader, { method: 'GET', url: '/api/visitors/hosts' })).json();
    expect(
      hosts.filter((h: { president: boolean }) => h.president).map((h: { name: string }) => h.name),
    ).toEqual(['Hana Host']);
    const audits = await selectRows<{ subject: string; after: { chapterPresident: boolean } }>(
      t.db,
      sql`select subject, after from audit_log where action = 'user.president_changed' order by created_at, id`,
    );
    // Mo named, then Mo unnamed and Hana named (the last two in one transaction, so in no set order).
    expect(audits.map((a) => a.after.chapterPresident).sort()).toEqual([false, true, true]);
  });
});
