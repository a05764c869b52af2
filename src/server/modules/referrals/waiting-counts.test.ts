import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, notifications } from '../../db/schema';
import { makeApplication } from '../../test/factories';
import { expectRefusedBelow, injectAs, type Who } from '../../test/requests';
import { signInAs } from '../../test/test-app';
import { referralsTestKit } from './referrals-test-kit';

describe('what waits on me: the dashboard tabs’ counts', () => {
  const kit = referralsTestKit({ rateLimits: false });
  const waiting = async (who: Who) => {
    const res = await kit.as(who, { method: 'GET', url: '/api/referrals/waiting-count' });
    expect(res.statusCode).toBe(200);
    return (res.json() as { count: number }).count;
  };

  it('counts referrals the other party created and changes the other party proposed, never my own', async () => {
    expect([await waiting(kit.ann), await waiting(kit.bo)]).toEqual([0, 0]);
    // Ann credits Bo: it waits on Bo, not on Ann who created it.
    const given = await kit.annGivesBo('100.00');
    expect([await waiting(kit.ann), await waiting(kit.bo)]).toEqual([0, 1]);
    // Bo reports a referral Ann made: that one waits on Ann.
    const reported = await kit.report(kit.bo, {
      referrerId: kit.ann.userId,
      amount: '80.00',
      saleDate: kit.today,
    });
    expect(reported.statusCode).toBe(201);
    expect([await waiting(kit.ann), await waiting(kit.bo)]).toEqual([1, 1]);
    // Bo approves Ann's: nothing waits on Bo any more.
    expect((await kit.decide(kit.bo, given, 'approved')).statusCode).toBe(200);
    expect(await waiting(kit.bo)).toBe(0);
    // Ann proposes a new amount for the approved one: Bo must answer it.
    const proposed = await kit.as(kit.ann, {
      method: 'PATCH',
      url: `/api/referrals/${given}`,
      payload: { amount: '150.00', customerName: null, saleDate: kit.today },
    });
    expect(proposed.statusCode).toBe(200);
    expect([await waiting(kit.ann), await waiting(kit.bo)]).toEqual([1, 1]);
    const proposalId = (proposed.json() as { proposal: { id: string } }).proposal.id;
    await kit.as(kit.bo, {
      method: 'PATCH',
      url: `/api/referrals/proposals/${proposalId}`,
      payload: { decision: 'declined' },
    });
    expect([await waiting(kit.ann), await waiting(kit.bo)]).toEqual([1, 0]);
    // Someone who is no party waits on nothing.
    expect(await waiting(await signInAs(kit.t.db, 'MEMBER'))).toBe(0);
  });

  it('a notification opens its referral itself; once the referral is gone, the list', async () => {
    const links = async (userId: string) =>
      (
        await kit.t.db
          .select({ link: notifications.link })
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(notifications.createdAt)
      ).map((n) => n.link);
    const id = await kit.annGivesBo('42.00');
    expect((await links(kit.bo.userId)).at(-1)).toBe(`/dashboard?tab=referrals&referral=${id}`);
    expect((await kit.as(kit.bo, { method: 'DELETE', url: `/api/referrals/${id}` })).statusCode).toBe(204);
    expect((await links(kit.ann.userId)).at(-1)).toBe('/dashboard?tab=referrals');
  });

  it('refuses strangers and guests', async () => {
    await expectRefusedBelow(
      kit.t,
      'MEMBER',
      { method: 'GET', url: '/api/referrals/waiting-count' },
      async () => 0,
    );
  });

  it('counts pending applications for reviewers only (under review is not pending)', async () => {
    const count = async () => {
      const res = await injectAs(kit.t, 'LEADERSHIP', {
        method: 'GET',
        url: '/api/applications/pending-count',
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { count: number }).count;
    };
    const before = await count();
    for (const status of ['pending', 'under_review'] as const)
      await makeApplication(kit.t.db, (await signInAs(kit.t.db, 'GUEST')).userId, { status });
    expect(await count()).toBe(before + 1);
    await expectRefusedBelow(
      kit.t,
      'LEADERSHIP',
      { method: 'GET', url: '/api/applications/pending-count' },
      () => kit.t.db.select().from(applications),
    );
  });
});
