import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ATTENDANCE_MESSAGES } from '../../../domain/attendance/contracts';
import { DATE_MESSAGES } from '../../../domain/date-schema';
import { MONEY_MESSAGES } from '../../../domain/money-schema';
import { REFERRAL_MESSAGES } from '../../../domain/referrals/contracts';
import { attendanceRecords, chapters, referrals } from '../../db/schema';
import { makeMember, makeReferral } from '../../test/factories';
import { signInAs } from '../../test/test-app';
import { referralsTestKit } from './referrals-test-kit';

describe('bounded amounts and dates, figures that cannot overflow, revenue kept private', () => {
  const kit = referralsTestKit();
  const referralCount = async () => (await kit.t.db.select({ n: count() }).from(referrals))[0]!.n;

  it('refuses a referral above $10,000,000.00 on give, report and edit, with the field message', async () => {
    const before = await referralCount();
    const give = await kit.give(kit.ann, {
      toMemberId: kit.bo.userId,
      amount: '10000000.01',
      saleDate: kit.today,
    });
    const report = await kit.report(kit.bo, {
      referrerId: kit.ann.userId,
      amount: '10000000.01',
      saleDate: kit.today,
    });
    for (const res of [give, report]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.amount).toEqual([MONEY_MESSAGES.referralTooLarge]);
    }
    expect(await referralCount()).toBe(before);

    const id = await kit.annGivesBo('10000000.00');
    const edit = await kit.as(kit.ann, {
      method: 'PATCH',
      url: `/api/referrals/${id}`,
      payload: { amount: '10000000.01', saleDate: kit.today },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().fieldErrors.amount).toEqual([MONEY_MESSAGES.referralTooLarge]);
    expect((await kit.t.db.select().from(referrals).where(eq(referrals.id, id)))[0]?.amount).toBe(
      '10000000.00',
    );
  });

  it('refuses sale and meeting dates before 2000-01-01 wherever they are written', async () => {
    const before = await referralCount();
    const give = await kit.give(kit.ann, { toMemberId: kit.bo.userId, amount: '5', saleDate: '0100-06-01' });
    const report = await kit.report(kit.bo, {
      referrerId: kit.ann.userId,
      amount: '5',
      saleDate: '1999-12-31',
    });
    for (const res of [give, report]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.saleDate).toEqual([DATE_MESSAGES.tooEarly]);
    }
    expect(await referralCount()).toBe(before);

    const id = await kit.annGivesBo('5.00');
    const edit = await kit.as(kit.bo, {
      method: 'PATCH',
      url: `/api/referrals/${id}`,
      payload: { amount: '5', saleDate: '0100-01-01' },
    });
    expect(edit.json().fieldErrors.saleDate).toEqual([DATE_MESSAGES.tooEarly]);
    // The first day allowed is accepted.
    const onTheDay = await kit.give(kit.ann, { toMemberId: kit.bo.userId, saleDate: '2000-01-01' });
    expect(onTheDay.statusCode).toBe(201);
    // A date after today in the chapter's zone keeps its own message.
    const future = await kit.give(kit.ann, { toMemberId: kit.bo.userId, saleDate: '2999-01-01' });
    expect(future.json().fieldErrors.saleDate).toEqual([REFERRAL_MESSAGES.futureDate]);

    const leader = await signInAs(kit.t.db, 'LEADERSHIP');
    const meeting = await kit.as(leader, {
      method: 'POST',
      url: '/api/attendance/batch',
      payload: {
        meetingDate: '0100-03-04',
        attendanceRecords: [{ memberId: kit.ann.userId, status: 'PRESENT' }],
      },
    });
    expect(meeting.statusCode).toBe(400);
    expect(meeting.json().fieldErrors.meetingDate).toEqual([DATE_MESSAGES.tooEarly]);
    expect(await kit.t.db.select().from(attendanceRecords)).toEqual([]);
    const futureMeeting = await kit.as(leader, {
      method: 'POST',
      url: '/api/attendance/batch',
      payload: {
        meetingDate: '2999-03-04',
        attendanceRecords: [{ memberId: kit.ann.userId, status: 'PRESENT' }],
      },
    });
    expect(futureMeeting.json().fieldErrors.meetingDate).toEqual([ATTENDANCE_MESSAGES.futureDate]);
  });

  it('sums 101 referrals of $9,999,999,999.99 exactly: network stats, public card and metrics answer 200', async () => {
    // Written directly: rows from before the $10,000,000 cap still have to add up.
    const cy = await signInAs(kit.t.db, 'MEMBER', { firstName: 'Cy' });
    const di = await signInAs(kit.t.db, 'MEMBER', { firstName: 'Di' });
    for (let i = 0; i < 101; i++)
      await makeReferral(
        kit.t.db,
        { referrerId: cy.userId, recipientId: di.userId },
        { amount: '9999999999.99', status: 'approved' },
      );
    await kit.t.db
      .update(referrals)
      .set({ status: 'declined' })
      .where(eq(referrals.referrerId, kit.ann.userId));

    const stats = await kit.as(null, { method: 'GET', url: '/api/network/stats' });
    expect(stats.statusCode).toBe(200);
    // 101 x 9,999,999,999.99 = 1,009,999,999,998.99 (plus nothing else approved).
    expect(stats.json().totalRevenue).toBe('1009999999998.99');

    const card = await kit.as(null, { method: 'GET', url: `/api/referrals/metrics/${cy.userId}` });
    expect(card.statusCode).toBe(200);
    expect(card.json()).toEqual({ referralsGiven: 101, referralsReceived: 0 });

    await kit.as(cy, {
      method: 'PUT',
      url: '/api/profile/commission',
      payload: { commissionPercent: '12.5' },
    });
    const mine = await kit.as(cy, { method: 'GET', url: '/api/referrals/metrics' });
    expect(mine.statusCode).toBe(200);
    // Commission 12.5% of 1,009,999,999,998.99 = 126,249,999,999.87375 -> 126,249,999,999.87;
    // earnings 1,136,249,999,998.86; ROI against $400: 1,136,249,999,598.86 and 284,062,499,999.715% -> 284062500000.
    expect(mine.json()).toMatchObject({
      referralsGiven: 101,
      revenueReceived: '1009999999998.99',
      commissionEarned: '126249999999.87',
      roiAmount: '1136249999598.86',
      roiPercent: 284062500000,
    });
    const theirs = await kit.as(di, { method: 'GET', url: '/api/referrals/metrics' });
    expect(theirs.json()).toMatchObject({ referralsReceived: 101, revenueGiven: '1009999999998.99' });
  });

  it('shows a member counts only in batch metrics, revenue for themselves, and their chapters’ members’ to NETWORK_ADMIN and above', async () => {
    const id = await kit.annGivesBo('250.00');
    await kit.decide(kit.bo, id, 'approved');
    const batch = (who: Parameters<typeof kit.as>[0]) =>
      kit.as(who, {
        method: 'POST',
        url: '/api/referrals/metrics/batch',
        payload: { userIds: [kit.ann.userId, kit.bo.userId] },
      });
    const asAnn = (await batch(kit.ann)).json();
    expect(Object.keys(asAnn[kit.bo.userId]).sort()).toEqual(['referralsGiven', 'referralsReceived']);
    expect(asAnn[kit.ann.userId]).toHaveProperty('revenueReceived');
    expect(asAnn[kit.ann.userId]).toHaveProperty('revenueGiven');

    const leader = await signInAs(kit.t.db, 'LEADERSHIP');
    const asLeader = (await batch(leader)).json();
    expect(asLeader[kit.bo.userId]).not.toHaveProperty('revenueGiven');
    expect(asLeader[kit.ann.userId]).not.toHaveProperty('revenueReceived');

    for (const role of ['NETWORK_ADMIN', 'AGENCY_ADMIN'] as const) {
      const admin = await signInAs(kit.t.db, role);
      const asAdmin = (await batch(admin)).json();
      expect(asAdmin[kit.bo.userId]).toHaveProperty('revenueGiven');
      expect(asAdmin[kit.ann.userId]).toHaveProperty('revenueReceived');
    }
  });

  it("shows an administrator revenue of their own chapters' members only: another chapter's, counts only", async () => {
    const [loveland] = await kit.t.db
      .insert(chapters)
      .values({ name: 'Loveland', slug: 'loveland' })
      .returning();
    const seller = await makeMember(kit.t.db, { chapterId: loveland!.id });
    const buyer = await makeMember(kit.t.db, { chapterId: loveland!.id });
    await makeReferral(
      kit.t.db,
      { referrerId: seller.id, recipientId: buyer.id },
      { status: 'approved', amount: '640.25' },
    );
    const batch = (who: Parameters<typeof kit.as>[0], headers: Record<string, string> = {}) =>
      kit.as(who, {
        method: 'POST',
        url: '/api/referrals/metrics/batch',
        payload: { userIds: [seller.id, buyer.id] },
        headers,
      });
    const countsOnly = {
      [seller.id]: { referralsGiven: 1, referralsReceived: 0 },
      [buyer.id]: { referralsGiven: 0, referralsReceived: 1 },
    };
    const withRevenue = {
      [seller.id]: {
        referralsGiven: 1,
        referralsReceived: 0,
        revenueReceived: '640.25',
        revenueGiven: '0.00',
      },
      [buyer.id]: {
        referralsGiven: 0,
        referralsReceived: 1,
        revenueReceived: '0.00',
        revenueGiven: '640.25',
      },
    };
    // Fort Collins' administrator (the first chapter's) sees Loveland's counts, as the public profile shows them.
    const fortCollinsAdmin = await signInAs(kit.t.db, 'NETWORK_ADMIN');
    expect((await batch(fortCollinsAdmin)).json()).toEqual(countsOnly);
    const lovelandAdmin = await signInAs(kit.t.db, 'NETWORK_ADMIN', { chapterId: loveland!.id });
    expect((await batch(lovelandAdmin)).json()).toEqual(withRevenue);
    const agencyAdmin = await signInAs(kit.t.db, 'AGENCY_ADMIN');
    expect((await batch(agencyAdmin)).json()).toEqual(withRevenue);
    // Acting in another chapter, the agency administrator sees what that chapter's administrators see.
    await kit.t.db.insert(chapters).values({ name: 'Berthoud', slug: 'berthoud' });
    const acting = await batch(agencyAdmin, { 'x-acting-chapter': 'berthoud' });
    expect(acting.statusCode).toBe(200);
    expect(acting.json()).toEqual(countsOnly);
  });
});
