import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderedPair } from '../../../domain/one-to-ones/pair';
import {
  attendanceRecords,
  chapters,
  educationUnits,
  meetings,
  oneToOnes,
  testimonials,
  users,
  visitors,
  visitorVisits,
} from '../../db/schema';
import { meetingOn } from '../../test/factories';
import { injectAs } from '../../test/requests';
import { createUser, signInAs } from '../../test/test-app';
import { postgresReachable } from '../../test/test-database';
import { referralsTestKit } from '../referrals/referrals-test-kit';
import {
  keptAllTime,
  keptMemberMonths,
  memberTotalsDifferences,
  recountedMemberMonths,
} from './member-totals';

const hasPostgres = await postgresReachable();

const zero = {
  givenCount: 0,
  givenAmount: '0.00',
  receivedCount: 0,
  receivedAmount: '0.00',
  present: 0,
  absent: 0,
  excused: 0,
  late: 0,
  substitute: 0,
  oneToOnes: 0,
  educationUnits: 0,
  testimonials: 0,
  visitors: 0,
};

/**
 * Each member's monthly figures are kept beside the referrals and records in the same transaction
 * (migration 0021's triggers): after every kind of change they equal the values written here by hand and
 * a recount from the source rows.
 */
describe('kept member month totals', () => {
  const kit = referralsTestKit();
  const month = `${kit.today.slice(0, 7)}-01`;

  const kept = async () => {
    const rows = await keptMemberMonths(kit.t.db);
    expect(await memberTotalsDifferences(kit.t.db)).toEqual([]);
    expect(rows).toEqual(await recountedMemberMonths(kit.t.db));
    return rows;
  };
  const of = (memberId: string, monthStart: string, figures: Partial<typeof zero>) => ({
    memberId,
    month: monthStart,
    ...zero,
    ...figures,
  });
  const networkRevenue = async () =>
    (await kit.as(null, { method: 'GET', url: '/api/network/stats' })).json().totalRevenue;
  const allTime = (memberId: string, figures: Partial<typeof zero>) => ({ memberId, ...zero, ...figures });
  const sorted = <T extends { memberId: string; month?: string }>(rows: T[]) =>
    rows.sort((a, b) => (a.memberId + (a.month ?? '') < b.memberId + (b.month ?? '') ? -1 : 1));

  it('follows giving, deciding, editing, accepted proposals and deleting referrals', async () => {
    const { ann, bo } = kit;
    const pending = await kit.annGivesBo('100.00');
    expect(await kept()).toEqual([]); // pending counts nowhere

    expect((await kit.decide(bo, pending, 'approved')).statusCode).toBe(200);
    const september = await kit.annGivesBo('40.50', { saleDate: '2026-09-15' });
    await kit.decide(bo, september, 'approved');
    const declined = await kit.annGivesBo('999.00');
    await kit.decide(bo, declined, 'rejected');
    expect(await kept()).toEqual(
      sorted([
        of(ann.userId, '2026-09-01', { givenCount: 1, givenAmount: '40.50' }),
        of(ann.userId, month, { givenCount: 1, givenAmount: '100.00' }),
        of(bo.userId, '2026-09-01', { receivedCount: 1, receivedAmount: '40.50' }),
        of(bo.userId, month, { receivedCount: 1, receivedAmount: '100.00' }),
      ]),
    );
    expect(await networkRevenue()).toBe('140.50');

    // A new amount and month on an approved referral is a proposal: nothing moves until Bo accepts.
    const edited = await kit.as(ann, {
      method: 'PATCH',
      url: `/api/referrals/${september}`,
      payload: { amount: '60', saleDate: '2026-10-20' },
    });
    expect(edited.statusCode).toBe(200);
    const accepted = await kit.as(bo, {
      method: 'PATCH',
      url: `/api/referrals/proposals/${edited.json().proposal.id}`,
      payload: { decision: 'accepted' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(await kept()).toEqual(
      sorted([
        of(ann.userId, '2026-10-01', { givenCount: 1, givenAmount: '60.00' }),
        of(ann.userId, month, { givenCount: 1, givenAmount: '100.00' }),
        of(bo.userId, '2026-10-01', { receivedCount: 1, receivedAmount: '60.00' }),
        of(bo.userId, month, { receivedCount: 1, receivedAmount: '100.00' }),
      ]),
    );

    // Deleting the declined one moves nothing; deleting an approved one is a request Bo accepts.
    expect((await kit.as(ann, { method: 'DELETE', url: `/api/referrals/${declined}` })).statusCode).toBe(204);
    const removal = await kit.as(ann, { method: 'DELETE', url: `/api/referrals/${pending}` });
    expect(removal.statusCode).toBe(202);
    const removed = await kit.as(bo, {
      method: 'PATCH',
      url: `/api/referrals/proposals/${removal.json().proposal.id}`,
      payload: { decision: 'accepted' },
    });
    expect(removed.statusCode).toBe(200);
    expect(await kept()).toEqual(
      sorted([
        of(ann.userId, '2026-10-01', { givenCount: 1, givenAmount: '60.00' }),
        of(bo.userId, '2026-10-01', { receivedCount: 1, receivedAmount: '60.00' }),
      ]),
    );
    expect(await networkRevenue()).toBe('60.00');
    expect(await keptAllTime(kit.t.db)).toEqual(
      sorted([
        allTime(ann.userId, { givenCount: 1, givenAmount: '60.00' }),
        allTime(bo.userId, { receivedCount: 1, receivedAmount: '60.00' }),
      ]),
    );
  });

  it('follows saving, re-saving, editing and deleting attendance, and deleting a member', async () => {
    const leader = await signInAs(kit.t.db, 'LEADERSHIP');
    const cySession = await signInAs(kit.t.db, 'MEMBER', { firstName: 'Cy', lastName: 'Counted' });
    const cy = cySession.user;
    const log = (meetingDate: string, records: object[]) =>
      injectAs(kit.t, leader, {
        method: 'POST',
        url: '/api/attendance/batch',
        payload: { meetingDate, attendanceRecords: records },
      });
    expect(
      (
        await log('2026-09-01', [
          { memberId: cy.id, status: 'PRESENT' },
          { memberId: kit.bo.userId, status: 'ABSENT' },
        ])
      ).statusCode,
    ).toBe(200);
    await log('2026-09-08', [{ memberId: cy.id, status: 'EXCUSED' }]);
    // Saved again: Bo absent to present (an update of his record).
    await log('2026-09-01', [{ memberId: kit.bo.userId, status: 'PRESENT' }]);
    const [cyOn8th] = await kit.t.db
      .select({ id: attendanceRecords.id })
      .from(attendanceRecords)
      .where(eq(attendanceRecords.memberId, cy.id))
      .orderBy(attendanceRecords.meetingDate)
      .offset(1);
    const edit = await injectAs(kit.t, leader, {
      method: 'PUT',
      url: `/api/attendance/records/${cyOn8th!.id}`,
      payload: { status: 'absent' },
    });
    expect(edit.statusCode).toBe(200);
    // An open week counts nowhere: nothing is kept until the weeks close.
    expect((await kept()).filter((r) => r.memberId === cy.id)).toEqual([]);
    const meetingOf = async (date: string) => (await meetingOn(kit.t.db, date))!.id;
    const act = async (who: typeof leader, date: string, step: string, payload?: object) =>
      (
        await injectAs(kit.t, who, {
          method: 'POST',
          url: `/api/meetings/${await meetingOf(date)}/${step}`,
          payload,
        })
      ).statusCode;
    expect(await act(leader, '2026-09-01', 'close')).toBe(200);
    expect(await act(leader, '2026-09-08', 'close')).toBe(200);
    const cyMonth = (await kept()).filter((r) => r.memberId === cy.id);
    expect(cyMonth).toEqual([of(cy.id, '2026-09-01', { present: 1, absent: 1 })]);
    expect((await kept()).find((r) => r.memberId === kit.bo.userId && r.month === '2026-09-01')).toEqual(
      of(kit.bo.userId, '2026-09-01', { present: 1 }),
    );

    // Reopened, the 8th leaves the totals; its record deleted and the week closed again, it stays out.
    const admin = await signInAs(kit.t.db, 'NETWORK_ADMIN');
    expect(await act(admin, '2026-09-08', 'reopen', { reason: 'Cy was not a member yet' })).toBe(200);
    expect((await kept()).filter((r) => r.memberId === cy.id)).toEqual([
      of(cy.id, '2026-09-01', { present: 1 }),
    ]);
    const deleted = await injectAs(kit.t, leader, {
      method: 'DELETE',
      url: `/api/attendance/records/${cyOn8th!.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await act(leader, '2026-09-08', 'close')).toBe(200);
    expect((await kept()).filter((r) => r.memberId === cy.id)).toEqual([
      of(cy.id, '2026-09-01', { present: 1 }),
    ]);

    // Cy leaves the network with an approved referral given to Bo: Cy's months go (the cascade), Bo
    // keeps what he received (the referral stays, its referrer now a former member).
    const given = await kit.give(cySession, {
      toMemberId: kit.bo.userId,
      amount: '75',
      saleDate: '2026-09-10',
    });
    await kit.decide(kit.bo, given.json().id, 'approved');
    expect((await kept()).filter((r) => r.memberId === cy.id)).toEqual([
      of(cy.id, '2026-09-01', { givenCount: 1, givenAmount: '75.00', present: 1 }),
    ]);
    await kit.t.db.delete(users).where(eq(users.id, cy.id));
    const left = await kept();
    expect(left.filter((r) => r.memberId === cy.id)).toEqual([]);
    expect(left.find((r) => r.memberId === kit.bo.userId && r.month === '2026-09-01')).toEqual(
      of(kit.bo.userId, '2026-09-01', { receivedCount: 1, receivedAmount: '75.00', present: 1 }),
    );
  });

  it('follows one-to-ones, education units, testimonials and credited visitors, each in its own month', async () => {
    const dee = (await signInAs(kit.t.db, 'MEMBER', { firstName: 'Dee' })).userId;
    const eve = (await signInAs(kit.t.db, 'MEMBER', { firstName: 'Eve' })).userId;
    const mine = async (memberId: string) => (await kept()).filter((r) => r.memberId === memberId);
    // A held one-to-one counts for both; disputed, for neither; held again and moved, in its new month.
    const [met] = await kit.t.db
      .insert(oneToOnes)
      .values({ ...orderedPair(dee, eve), loggedById: dee, metOn: '2026-09-03', mode: 'online', minutes: 30 })
      .returning();
    expect(await mine(dee)).toEqual([of(dee, '2026-09-01', { oneToOnes: 1 })]);
    expect(await mine(eve)).toEqual([of(eve, '2026-09-01', { oneToOnes: 1 })]);
    await kit.t.db.update(oneToOnes).set({ status: 'disputed' }).where(eq(oneToOnes.id, met!.id));
    expect(await mine(dee)).toEqual([]);
    await kit.t.db
      .update(oneToOnes)
      .set({ status: 'held', metOn: '2026-10-30' })
      .where(eq(oneToOnes.id, met!.id));
    expect(await mine(eve)).toEqual([of(eve, '2026-10-01', { oneToOnes: 1 })]);

    // Education units count for their member; a testimonial for its writer, not its recipient.
    const units = await kit.t.db
      .insert(educationUnits)
      .values([
        { memberId: dee, earnedOn: '2026-10-02', kind: 'podcast', title: 'One', minutes: 20 },
        { memberId: dee, earnedOn: '2026-10-09', kind: 'training', title: 'Two', minutes: 60 },
      ])
      .returning();
    await kit.t.db.insert(testimonials).values({
      writerId: eve,
      recipientId: dee,
      body: 'Thank you',
      givenIn: 'written',
      givenOn: '2026-10-05',
    });
    expect(await mine(dee)).toEqual([of(dee, '2026-10-01', { oneToOnes: 1, educationUnits: 2 })]);
    expect(await mine(eve)).toEqual([of(eve, '2026-10-01', { oneToOnes: 1, testimonials: 1 })]);
    await kit.t.db.delete(educationUnits).where(eq(educationUnits.id, units[0]!.id));
    await kit.t.db.delete(testimonials).where(eq(testimonials.writerId, eve));
    expect(await mine(dee)).toEqual([of(dee, '2026-10-01', { oneToOnes: 1, educationUnits: 1 })]);
    expect(await mine(eve)).toEqual([of(eve, '2026-10-01', { oneToOnes: 1 })]);

    // A visitor credited to Dee counts in the month of the visit's meeting, follows the meeting when it
    // moves, and leaves with it.
    const [chapter] = await kit.t.db.select({ id: chapters.id }).from(chapters).limit(1);
    const [meeting] = await kit.t.db
      .insert(meetings)
      .values({ chapterId: chapter!.id, meetingDate: '2026-10-27', startTime: '07:00' })
      .returning();
    const [visitor] = await kit.t.db
      .insert(visitors)
      .values({
        chapterId: chapter!.id,
        firstName: 'Val',
        lastName: 'Visitor',
        email: 'val@example.org',
        source: 'public_form',
      })
      .returning();
    await kit.t.db.insert(visitorVisits).values({
      chapterId: chapter!.id,
      visitorId: visitor!.id,
      meetingId: meeting!.id,
      creditedMemberId: dee,
    });
    expect(await mine(dee)).toEqual([
      of(dee, '2026-10-01', { oneToOnes: 1, educationUnits: 1, visitors: 1 }),
    ]);
    await kit.t.db.update(meetings).set({ meetingDate: '2026-11-03' }).where(eq(meetings.id, meeting!.id));
    expect(await mine(dee)).toEqual([
      of(dee, '2026-10-01', { oneToOnes: 1, educationUnits: 1 }),
      of(dee, '2026-11-01', { visitors: 1 }),
    ]);
    await kit.t.db.delete(meetings).where(eq(meetings.id, meeting!.id));
    expect(await mine(dee)).toEqual([of(dee, '2026-10-01', { oneToOnes: 1, educationUnits: 1 })]);
    expect((await keptAllTime(kit.t.db)).find((r) => r.memberId === dee)).toEqual(
      allTime(dee, { oneToOnes: 1, educationUnits: 1 }),
    );

    // Dee leaves: her rows go with her; Eve's one-to-one with her still counts for Eve.
    await kit.t.db.delete(users).where(eq(users.id, dee));
    expect(await mine(dee)).toEqual([]);
    expect(await mine(eve)).toEqual([of(eve, '2026-10-01', { oneToOnes: 1 })]);
  });

  it.runIf(hasPostgres)(
    'stays equal to a recount when meetings of one month and approvals are saved at once',
    async () => {
      const members = await Promise.all(
        Array.from({ length: 10 }, (_, i) => createUser(kit.t.db, 'MEMBER', { firstName: `Racer${i}` })),
      );
      const ids = await Promise.all(
        Array.from({ length: 8 }, () => kit.annGivesBo('10.00', { saleDate: '2026-08-20' })),
      );
      // Four meetings of August saved by four leaders while Bo approves eight referrals: each statement
      // upserts the same members' August rows, in the same order, so none waits on another forever.
      const saves = ['2026-08-04', '2026-08-11', '2026-08-18', '2026-08-25'].map(async (date) =>
        injectAs(kit.t, await signInAs(kit.t.db, 'LEADERSHIP'), {
          method: 'POST',
          url: '/api/attendance/batch',
          payload: {
            meetingDate: date,
            attendanceRecords: [...members].reverse().map((m) => ({ memberId: m.id, status: 'PRESENT' })),
          },
        }),
      );
      const answers = await Promise.all([...saves, ...ids.map((id) => kit.decide(kit.bo, id, 'approved'))]);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
      // The four weeks closed at once: each flips its own records into the same members' August rows.
      const closer = await signInAs(kit.t.db, 'LEADERSHIP');
      const weeks = await kit.t.db
        .select({ id: meetings.id })
        .from(meetings)
        .where(sql`${meetings.meetingDate} between '2026-08-04' and '2026-08-25'`);
      const closed = await Promise.all(
        weeks.map((w) => injectAs(kit.t, closer, { method: 'POST', url: `/api/meetings/${w.id}/close` })),
      );
      expect(closed.map((a) => a.statusCode)).toEqual(Array(4).fill(200));
      const all = await kept();
      for (const m of members) {
        expect(all.find((r) => r.memberId === m.id)).toEqual(of(m.id, '2026-08-01', { present: 4 }));
      }
      expect(all.find((r) => r.memberId === kit.ann.userId && r.month === '2026-08-01')).toEqual(
        of(kit.ann.userId, '2026-08-01', { givenCount: 8, givenAmount: '80.00' }),
      );
      const allTimes = await keptAllTime(kit.t.db);
      for (const m of members) {
        expect(allTimes.find((r) => r.memberId === m.id)).toEqual(allTime(m.id, { present: 4 }));
      }
    },
  );
});
