import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords, auditLog, referralEvents, referrals } from '../../db/schema';
import { makeAttendance, makeReferral } from '../../test/factories';
import { injectAs, type Who } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

describe('importing a chapter’s history', () => {
  let t: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;
  let bo: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.db, 'NETWORK_ADMIN');
    ann = await signInAs(t.db, 'MEMBER', { email: 'ann@hist.test', commissionPercent: '0' });
    bo = await signInAs(t.db, 'MEMBER', { email: 'bo@hist.test' });
  });
  afterAll(() => t.close());

  const send = (kind: string, csv: string, commit = false, who: Who = admin) =>
    injectAs(t, who, {
      method: 'POST',
      url: `/api/imports/${kind}${commit ? '' : '/preview'}`,
      query: commit ? { filename: `${kind}.csv` } : {},
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from(csv),
    });
  const rowsOf = async (kind: string) =>
    (await t.db.select({ n: count() }).from(kind === 'referrals' ? referrals : attendanceRecords))[0]?.n;
  const errorsByLine = (body: { rows: { line: number; errors: string[] }[] }) =>
    Object.fromEntries(body.rows.map((r) => [r.line, r.errors]));

  it('refuses referral rows that name no member, one member twice, a future date, an unknown status or a repeat', async () => {
    const csv = [
      'Referrer Email,Recipient Email,Amount,Date,Status',
      'ann@hist.test,bo@hist.test,100,2024-01-02,Approved',
      'ann@hist.test,nobody@hist.test,100,2024-01-02,',
      'ann@hist.test,ANN@hist.test,100,2024-01-02,',
      'ann@hist.test,bo@hist.test,100,2999-01-02,',
      'ann@hist.test,bo@hist.test,100,2024-01-03,Won',
      'ann@hist.test,bo@hist.test,100.00,1/2/2024,approved',
    ].join('\n');
    const before = await rowsOf('referrals');
    const body = (await send('referrals', csv)).json();
    expect(errorsByLine(body)).toEqual({
      2: [],
      3: ['No member has the email nobody@hist.test: import members first'],
      4: ['The referrer and the recipient must be two different members'],
      5: ['Date: The date cannot be in the future'],
      6: ['Status: Unknown status "Won": use Pending, Approved or Declined'],
      7: ['The same referral is also on row 2'],
    });
    expect((await send('referrals', csv, true)).statusCode).toBe(400);
    expect(await rowsOf('referrals')).toBe(before);
  });

  it('imports approved referrals that count in the figures, once, and updates only a changed status', async () => {
    const csv = (status: string) =>
      [
        'From,To,Sale Amount,Sale Date,Status,Customer',
        `ann@hist.test,bo@hist.test,"$2,500.00",3/14/2024,Approved,Acme`,
        `bo@hist.test,ann@hist.test,400,2024-04-01,${status},`,
      ].join('\n');
    const metrics = async () =>
      Promise.all(
        [ann, bo].map(async (who) =>
          (await injectAs(t, who, { method: 'GET', url: '/api/referrals/metrics' })).json(),
        ),
      );
    const [annBefore, boBefore] = await metrics();
    const res = await send('referrals', csv('Pending'), true);
    expect(res.json().counts).toEqual({ rows: 2, errors: 0, create: 2, update: 0, unchanged: 0 });
    const [acme] = await t.db.select().from(referrals).where(eq(referrals.customerName, 'Acme'));
    expect(acme).toMatchObject({
      amount: '2500.00',
      saleDate: '2024-03-14',
      status: 'approved',
      referralType: 'gratitude',
      createdById: admin.userId,
      referrerId: ann.userId,
      reporterId: bo.userId,
    });
    const events = await t.db.select().from(referralEvents).where(eq(referralEvents.referralId, acme!.id));
    expect(events.map((e) => [e.kind, e.actorId])).toEqual([['created', admin.userId]]);

    // Ann's approved $2,500 referral to Bo counts for both (as every referral figure counts it); the pending $400 does not.
    const [annAfter, boAfter] = await metrics();
    expect(Number(annAfter.revenueReceived) - Number(annBefore.revenueReceived)).toBe(2500);
    expect(Number(boAfter.revenueGiven) - Number(boBefore.revenueGiven)).toBe(2500);
    expect(Number(annAfter.revenueGiven) - Number(annBefore.revenueGiven)).toBe(0);
    const stats = (await injectAs(t, null, { method: 'GET', url: '/api/network/stats' })).json();
    expect(Number(stats.totalRevenue)).toBeGreaterThanOrEqual(2500);

    const total = await rowsOf('referrals');
    expect((await send('referrals', csv('Pending'), true)).json().counts).toMatchObject({
      create: 0,
      unchanged: 2,
    });
    const approved = await send('referrals', csv('Approved'), true);
    expect(approved.json().counts).toMatchObject({ create: 0, update: 1, unchanged: 1 });
    expect(await rowsOf('referrals')).toBe(total);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'import.referrals'));
    expect(audit).toHaveLength(3);
  });

  it('imports attendance once per member and date, updating a changed status', async () => {
    await makeAttendance(t.db, ann.userId, { meetingDate: '2024-05-02', status: 'present' });
    const csv = (status: string) =>
      [
        'Member Email,Meeting Date,Status',
        `ann@hist.test,5/2/2024,${status}`,
        'bo@hist.test,2024-05-02,P',
      ].join('\n');
    const preview = (await send('attendance', csv('Excused'))).json();
    expect(preview.rows.map((r: { action: string }) => r.action)).toEqual(['update', 'create']);
    expect((await send('attendance', csv('Excused'), true)).json().counts).toMatchObject({
      create: 1,
      update: 1,
    });
    expect(
      (await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.memberId, ann.userId))).map(
        (r) => [r.meetingDate, r.status, r.recordedById],
      ),
    ).toEqual([['2024-05-02', 'excused', admin.userId]]);
    expect((await send('attendance', csv('Excused'), true)).json().counts).toMatchObject({
      create: 0,
      unchanged: 2,
    });
    const stats = (await injectAs(t, ann, { method: 'GET', url: '/api/attendance/stats' })).json();
    expect(stats).toMatchObject({ totalExcused: 1, totalPresent: 0 });

    const refused = await send(
      'attendance',
      [
        'Member Email,Meeting Date,Status',
        'ann@hist.test,2024-05-09,Tardy',
        'ann@hist.test,2024-05-09,P',
      ].join('\n'),
    );
    expect(errorsByLine(refused.json())).toEqual({
      2: ['Status: Unknown status "Tardy": use Present, Absent, Late, Excused (Medical) or Substitute'],
      3: [],
    });
  });

  it('keeps referral history imports to network administrators and above', async () => {
    await makeReferral(t.db, { referrerId: ann.userId, recipientId: bo.userId });
    const before = await rowsOf('referrals');
    for (const who of [null, 'GUEST', 'MEMBER', 'LEADERSHIP'] as const) {
      const res = await send('referrals', 'From,To,Date\nann@hist.test,bo@hist.test,2024-01-09\n', true, who);
      expect(res.statusCode).toBe(who === null ? 401 : 403);
    }
    expect(await rowsOf('referrals')).toBe(before);
  });
});
