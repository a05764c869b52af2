import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REFERRAL_MESSAGES } from '../../../domain/referrals/contracts';
import { networkSettings, users } from '../../db/schema';
import { makeMember, makeReferral } from '../../test/factories';
import { expectFixedQueryCount } from '../../test/query-count';
import { expectRefusedBelow } from '../../test/requests';
import { signInAs } from '../../test/test-app';
import { referralsTestKit } from './referrals-test-kit';

describe('referral metrics, lists and export', () => {
  const kit = referralsTestKit();

  it('computes the Referral Metrics tab to the cent against a hand calculation', async () => {
    const dana = await signInAs(kit.t.db, 'MEMBER', {
      commissionPercent: '12.5',
      annualDuesOverride: '600.00',
    });
    const other = await makeMember(kit.t.db);
    const approved = { status: 'approved' as const };
    // As referrer (given, revenue received): 1,000.10 + 2,345.57 approved; 999.99 pending; 50 declined.
    await makeReferral(
      kit.t.db,
      { referrerId: dana.userId, recipientId: other.id },
      { ...approved, amount: '1000.10' },
    );
    await makeReferral(
      kit.t.db,
      { referrerId: dana.userId, recipientId: other.id },
      { ...approved, amount: '2345.57' },
    );
    await makeReferral(kit.t.db, { referrerId: dana.userId, recipientId: other.id }, { amount: '999.99' });
    await makeReferral(
      kit.t.db,
      { referrerId: dana.userId, recipientId: other.id },
      { status: 'declined', amount: '50' },
    );
    // As recipient (received, revenue given): 80.00 approved.
    await makeReferral(
      kit.t.db,
      { referrerId: other.id, recipientId: dana.userId },
      { ...approved, amount: '80.00' },
    );

    // Revenue 3,345.67; commission 12.5% = 418.20875 -> 418.21; earnings 3,763.88; dues 600 (override).
    expect(await kit.metrics(dana)).toEqual({
      referralsGiven: 2,
      referralsReceived: 1,
      revenueReceived: '3345.67',
      revenueGiven: '80.00',
      commissionPercent: '12.50',
      commissionEarned: '418.21',
      dues: '600.00',
      roiAmount: '3163.88',
      roiPercent: 627, // 3763.88 / 600 x 100 = 627.31
      period: 'all',
      from: null,
      to: null,
      previous: null,
    });

    // No override: the network default applies.
    await kit.t.db.update(users).set({ annualDuesOverride: null }).where(eq(users.id, dana.userId));
    await kit.t.db
      .insert(networkSettings)
      .values({ id: 1, defaultAnnualDues: '500.00' })
      .onConflictDoUpdate({
        target: networkSettings.id,
        set: { defaultAnnualDues: '500.00' },
      });
    expect(await kit.metrics(dana)).toMatchObject({ dues: '500.00', roiAmount: '3263.88', roiPercent: 753 });
  });

  it('answers batch metrics keyed by id in one query, for 1 and for 100 ids, no more', async () => {
    const batch = (userIds: string[]) =>
      kit.as(kit.ann, { method: 'POST', url: '/api/referrals/metrics/batch', payload: { userIds } });
    const one = await batch([kit.bo.userId]);
    expect(one.statusCode).toBe(200);
    expect(Object.keys(one.json())).toEqual([kit.bo.userId]);
    const ids = [kit.bo.userId];
    const count = await expectFixedQueryCount(
      kit.recorder,
      () => batch(ids),
      async () => {
        const rows = await kit.t.db
          .insert(users)
          .values(
            Array.from({ length: 99 }, (_, i) => ({
              email: `batch${i}@example.com`,
              slug: `batch-${i}`,
              role: 'MEMBER' as const,
            })),
          )
          .returning({ id: users.id });
        ids.push(...rows.map((r) => r.id));
      },
    );
    expect(count).toBe(1);
    expect(Object.keys((await batch(ids)).json())).toHaveLength(100);
    const tooMany = await batch(
      Array.from({ length: 101 }, (_, i) => ids[i % ids.length]!.replace(/...$/, String(i).padStart(3, '0'))),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors.userIds).toEqual(['At most 100 ids at a time']);
    await expectRefusedBelow(
      kit.t,
      'MEMBER',
      { method: 'POST', url: '/api/referrals/metrics/batch', payload: { userIds: [kit.bo.userId] } },
      async () => null,
    );
  });

  it('updates the commission rate from 0 to 100 with one decimal, refusing anything else', async () => {
    const put = (commissionPercent: unknown) =>
      kit.as(kit.bo, { method: 'PUT', url: '/api/profile/commission', payload: { commissionPercent } });
    expect((await put('12.5')).json()).toEqual({ commissionPercent: '12.50' });
    for (const bad of ['101', '-1', '12.55', 'abc']) {
      const res = await put(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(REFERRAL_MESSAGES.invalidRate);
    }
    expect((await kit.metrics(kit.bo)).commissionPercent).toBe('12.50');
    await expectRefusedBelow(
      kit.t,
      'MEMBER',
      { method: 'PUT', url: '/api/profile/commission', payload: { commissionPercent: '5' } },
      async () => (await kit.metrics(kit.bo)).commissionPercent,
    );
  });

  it('lists my history both ways with names, filters by direction and status, and refuses guests', async () => {
    const given = await kit.annGivesBo('10.00', { customerName: 'Given Co' });
    const reported = await kit.report(kit.ann, {
      referrerId: kit.bo.userId,
      amount: '20',
      saleDate: kit.today,
    });
    const all = (await kit.as(kit.ann, { method: 'GET', url: '/api/referrals/transactions' })).json();
    const ids = all.items.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([given, reported.json().id]));
    const onlyGiven = (
      await kit.as(kit.ann, { method: 'GET', url: '/api/referrals?direction=given' })
    ).json();
    expect(onlyGiven.items.every((r: { referrerId: string }) => r.referrerId === kit.ann.userId)).toBe(true);
    const received = (
      await kit.as(kit.ann, { method: 'GET', url: '/api/referrals?direction=received&status=pending' })
    ).json();
    expect(received.items.map((r: { id: string }) => r.id)).toEqual([reported.json().id]);
    expect(
      (await kit.as(kit.ann, { method: 'GET', url: '/api/referrals?direction=sideways' })).statusCode,
    ).toBe(400);
    for (const url of [
      '/api/referrals',
      '/api/referrals/pending',
      '/api/referrals/transactions',
      '/api/referrals/metrics',
      '/api/referrals/transactions.csv',
      `/api/referrals/${given}/history`,
    ])
      await expectRefusedBelow(kit.t, 'MEMBER', { method: 'GET', url }, async () => null);
  });

  it('exports the history as CSV with formula cells made harmless', async () => {
    await kit.annGivesBo('42.00', {
      customerName: '=HYPERLINK("http://evil.example","x")',
      notes: '@SUM(A1)',
    });
    const res = await kit.as(kit.ann, {
      method: 'GET',
      url: '/api/referrals/transactions.csv?direction=given',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="referrals.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Sale date,Direction,Member,Customer,Amount,Type,Status,Notes,Created,Updated');
    const evil = lines.find((l) => l.includes('HYPERLINK'));
    expect(evil).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(evil).toContain("'@SUM(A1)");
    expect(evil).toContain(',Given,Bo Taker,');
    expect(lines.slice(1).every((l) => l.includes(',Given,'))).toBe(true);
  });
});
