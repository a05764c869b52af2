import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { centsToDecimal, parseCents } from '../../../domain/money';
import { REFERRAL_MESSAGES } from '../../../domain/referrals/contracts';
import { activity, referralEvents, referrals } from '../../db/schema';
import { signInAs } from '../../test/test-app';
import { postgresReachable } from '../../test/test-database';
import { referralsTestKit } from './referrals-test-kit';

const hasPostgres = await postgresReachable();

describe('approving and declining referrals', () => {
  const kit = referralsTestKit();
  const statusOf = async (id: string) =>
    (await kit.t.db.select({ status: referrals.status }).from(referrals).where(eq(referrals.id, id)))[0]
      ?.status;

  it('lets the other party approve, once, and tells the creator', async () => {
    const id = await kit.annGivesBo('250.00', { customerName: 'Anderson' });
    const pending = await kit.as(kit.bo, { method: 'GET', url: '/api/referrals/pending' });
    expect(pending.json().items.map((r: { id: string }) => r.id)).toContain(id);
    const mine = await kit.as(kit.ann, { method: 'GET', url: '/api/referrals/pending' });
    expect(mine.json().items.map((r: { id: string }) => r.id)).not.toContain(id);

    const res = await kit.decide(kit.bo, id, 'approved');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'approved' });
    const told = await kit.t.db.select().from(activity).where(eq(activity.userId, kit.ann.userId));
    expect(told.at(-1)).toMatchObject({
      kind: 'referral_approved',
      description: 'Bo Taker approved the Anderson referral',
    });

    const again = await kit.decide(kit.bo, id, 'declined');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: REFERRAL_MESSAGES.alreadyDecided });
    expect(await statusOf(id)).toBe('approved');
  });

  it('refuses the creator (403) and anyone not a party (404), changing nothing', async () => {
    const id = await kit.annGivesBo();
    const own = await kit.decide(kit.ann, id, 'approved');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ code: 'FORBIDDEN', message: REFERRAL_MESSAGES.notYours });
    const stranger = await signInAs(kit.t.db, 'NETWORK_ADMIN');
    const other = await kit.decide(stranger, id, 'approved');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: 'NOT_FOUND', message: REFERRAL_MESSAGES.notFound });
    for (const who of [null, 'GUEST'] as const) {
      expect((await kit.decide(who, id, 'approved')).statusCode).toBe(who ? 403 : 401);
    }
    expect((await kit.decide(kit.bo, 'not-an-id', 'approved')).statusCode).toBe(404);
    const bad = await kit.decide(kit.bo, id, 'pending');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(REFERRAL_MESSAGES.decisionRequired);
    expect(await statusOf(id)).toBe('pending');
  });

  it('declines, and a declined referral counts nowhere', async () => {
    const before = await kit.metrics(kit.ann);
    const id = await kit.annGivesBo('900.00');
    expect((await kit.decide(kit.bo, id, 'declined')).json().status).toBe('declined');
    expect(await kit.metrics(kit.ann)).toEqual(before);
    // The creator is told it was declined, in their feed and their history, not that it was approved.
    const told = await kit.t.db.select().from(activity).where(eq(activity.userId, kit.ann.userId));
    expect(told.at(-1)).toMatchObject({
      kind: 'referral_declined',
      description: 'Bo Taker declined a referral',
    });
    const history = await kit.t.db.select().from(referralEvents).where(eq(referralEvents.referralId, id));
    expect(history.map((e) => e.kind)).toEqual(['created', 'declined']);
  });

  it.runIf(hasPostgres)(
    'settles 20 concurrent approvals as exactly one, with one history line and one activity entry, counted once',
    async () => {
      const approvalsTold = async () =>
        (
          await kit.t.db
            .select({ n: count() })
            .from(activity)
            .where(and(eq(activity.userId, kit.ann.userId), eq(activity.kind, 'referral_approved')))
        )[0]?.n ?? 0;
      const [metricsBefore, toldBefore] = [await kit.metrics(kit.ann), await approvalsTold()];
      const id = await kit.annGivesBo('333.33');
      const results = await Promise.all(Array.from({ length: 20 }, () => kit.decide(kit.bo, id, 'approved')));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
      const history = await kit.t.db
        .select({ n: count() })
        .from(referralEvents)
        .where(and(eq(referralEvents.referralId, id), eq(referralEvents.kind, 'approved')));
      expect(history[0]?.n).toBe(1);
      expect(await approvalsTold()).toBe(toldBefore + 1);
      const after = await kit.metrics(kit.ann);
      expect(after.referralsGiven).toBe(metricsBefore.referralsGiven + 1);
      expect(after.revenueReceived).toBe(
        centsToDecimal((parseCents(metricsBefore.revenueReceived) ?? 0) + 33_333),
      );
    },
  );
});
