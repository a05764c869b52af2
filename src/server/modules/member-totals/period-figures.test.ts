import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../../domain/dates';
import { makeAttendance, makeReferral } from '../../test/factories';
import { expectRefusedBelow, injectAs } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';
import { myAttendanceStats } from '../meetings/attendance-queries';
import { memberReferralMetrics } from '../referrals/referral-queries';

const TODAY = '2026-11-25'; // Q4: October to December

/**
 * Every figure of Referral Metrics and the attendance card over this month, this quarter,
 * year to date, the last 12 months and all time, beside the period before, each value worked out here by
 * hand from the fixture below (Ann: 10% commission, $1,200 dues, so $100 a month).
 */
describe('figures over a period', () => {
  let t: TestApp;
  let ann: SignedIn;
  let bo: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    ann = await signInAs(t.db, 'MEMBER', { commissionPercent: '10', annualDuesOverride: '1200' });
    bo = await signInAs(t.db, 'MEMBER');
    const annToBo = { referrerId: ann.userId, recipientId: bo.userId };
    for (const [amount, saleDate] of [
      ['100.00', '2026-11-03'], // this month
      ['50.00', '2026-10-15'], // last month, this quarter
      ['200.00', '2026-08-01'], // last quarter, this year
      ['400.00', '2025-11-20'], // a year ago: last year's months, the 12 months before
    ])
      await makeReferral(t.db, annToBo, { status: 'approved', amount, saleDate });
    await makeReferral(t.db, annToBo, { status: 'pending', amount: '999.00', saleDate: '2026-11-05' });
    await makeReferral(
      t.db,
      { referrerId: bo.userId, recipientId: ann.userId },
      { status: 'approved', amount: '70.00', saleDate: '2026-11-10' },
    );
    for (const [meetingDate, status] of [
      ['2026-11-03', 'present'],
      ['2026-10-06', 'absent'],
      ['2026-10-13', 'excused'],
      ['2026-09-01', 'present'],
      ['2025-11-04', 'present'],
    ] as const)
      await makeAttendance(t.db, ann.userId, { meetingDate, status });
  });
  afterAll(() => t.close());

  const figures = (given: number, revenueReceived: string, received: number, revenueGiven: string) => ({
    referralsGiven: given,
    revenueReceived,
    referralsReceived: received,
    revenueGiven,
  });
  const money = (commissionEarned: string, dues: string, roiAmount: string, roiPercent: number) => ({
    commissionPercent: '10.00',
    commissionEarned,
    dues,
    roiAmount,
    roiPercent,
  });

  it('counts this month against last month', async () => {
    expect(await memberReferralMetrics(t.db, ann.userId, 'month', TODAY)).toEqual({
      period: 'month',
      from: '2026-11-01',
      to: '2026-11-01',
      ...figures(1, '100.00', 1, '70.00'),
      // commission 10; earnings 110 against one month's dues, 100
      ...money('10.00', '100.00', '10.00', 110),
      previous: { ...figures(1, '50.00', 0, '0.00'), ...money('5.00', '100.00', '-45.00', 55) },
    });
  });

  it('counts this quarter against the whole quarter before, year to date and 12 months against a year earlier', async () => {
    const quarter = await memberReferralMetrics(t.db, ann.userId, 'quarter', TODAY);
    expect(quarter).toMatchObject({
      from: '2026-10-01',
      to: '2026-11-01',
      ...figures(2, '150.00', 1, '70.00'),
    });
    // 165 earned against three months' dues (300): -135, 55%; the quarter before: 220 against 300.
    expect(quarter).toMatchObject(money('15.00', '300.00', '-135.00', 55));
    expect(quarter.previous).toMatchObject({
      ...figures(1, '200.00', 0, '0.00'),
      ...money('20.00', '300.00', '-80.00', 73),
    });

    const ytd = await memberReferralMetrics(t.db, ann.userId, 'ytd', TODAY);
    expect(ytd).toMatchObject({ from: '2026-01-01', ...figures(3, '350.00', 1, '70.00'), dues: '1100.00' });
    expect(ytd.previous).toMatchObject({ ...figures(1, '400.00', 0, '0.00'), dues: '1100.00' });

    const year = await memberReferralMetrics(t.db, ann.userId, 'year', TODAY);
    expect(year).toMatchObject({ from: '2025-12-01', ...figures(3, '350.00', 1, '70.00'), dues: '1200.00' });
    expect(year.previous).toMatchObject({ ...figures(1, '400.00', 0, '0.00'), dues: '1200.00' });

    expect(await memberReferralMetrics(t.db, ann.userId, 'all', TODAY)).toEqual({
      period: 'all',
      from: null,
      to: null,
      ...figures(4, '750.00', 1, '70.00'),
      // 825 earned against a year's dues: all time counts one year's dues (docs/product.md)
      ...money('75.00', '1200.00', '-375.00', 69),
      previous: null,
    });
  });

  it('rates attendance over the period, excused counting nowhere, absences remaining from the rolling window', async () => {
    const month = await myAttendanceStats(t.db, ann.userId, 'month', TODAY);
    expect(month).toMatchObject({ attendanceRate: 100, totalPresent: 1, totalAbsent: 0, totalExcused: 0 });
    expect(month.previous).toEqual({
      attendanceRate: 0,
      totalPresent: 0,
      totalAbsent: 1,
      totalExcused: 1,
      totalLate: 0,
      totalSubstitute: 0,
    });
    // One absence (October 6) inside the six months to today, whatever the period: 4 - 1.
    expect(month.missedRemaining).toBe(3);

    const quarter = await myAttendanceStats(t.db, ann.userId, 'quarter', TODAY);
    expect(quarter).toMatchObject({ attendanceRate: 50, totalPresent: 1, totalAbsent: 1, totalExcused: 1 });
    expect(quarter.previous).toEqual({
      attendanceRate: 100,
      totalPresent: 1,
      totalAbsent: 0,
      totalExcused: 0,
      totalLate: 0,
      totalSubstitute: 0,
    });

    expect(await myAttendanceStats(t.db, ann.userId, 'all', TODAY)).toMatchObject({
      attendanceRate: 75,
      totalPresent: 3,
      totalAbsent: 1,
      totalExcused: 1,
      previous: null,
    });
  });

  it('answers ?period= on both routes in the chapter’s calendar, refuses an unknown period and guests', async () => {
    const thisMonth = `${todayIn().slice(0, 7)}-01`;
    const res = await injectAs(t, ann, { method: 'GET', url: '/api/referrals/metrics?period=month' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ period: 'month', from: thisMonth, to: thisMonth });
    const stats = await injectAs(t, ann, { method: 'GET', url: '/api/attendance/stats?period=quarter' });
    expect(stats.json()).toMatchObject({ period: 'quarter', previous: expect.any(Object) });
    expect((await injectAs(t, ann, { method: 'GET', url: '/api/attendance/stats' })).json()).toMatchObject({
      period: 'all',
      totalPresent: 3,
      previous: null,
    });

    for (const url of ['/api/referrals/metrics?period=decade', '/api/attendance/stats?period=week']) {
      const bad = await injectAs(t, ann, { method: 'GET', url });
      expect(bad.statusCode).toBe(400);
    }
    for (const url of ['/api/referrals/metrics?period=month', '/api/attendance/stats?period=month'])
      await expectRefusedBelow(t, 'MEMBER', { method: 'GET', url }, async () => null);
  });
});
