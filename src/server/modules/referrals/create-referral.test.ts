import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REFERRAL_MESSAGES } from '../../../domain/referrals/contracts';
import { activity, referralEvents, referrals } from '../../db/schema';
import { expectRefusedBelow } from '../../test/requests';
import { createUser, signInAs } from '../../test/test-app';
import { postgresReachable } from '../../test/test-database';
import { referralsTestKit } from './referrals-test-kit';

const hasPostgres = await postgresReachable();

describe('giving and reporting referrals', () => {
  const kit = referralsTestKit();
  const referralCount = async () => (await kit.t.db.select({ n: count() }).from(referrals))[0]?.n;

  it('gives a referral: the giver is the referrer, always pending, gratitude by default, empty amount 0', async () => {
    const res = await kit.give(kit.ann, {
      type: 'give',
      toMemberId: kit.bo.userId,
      amount: '',
      customerName: 'Anderson',
      saleDate: kit.today,
      notes: 'Kitchen remodel',
      status: 'approved',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      referrerId: kit.ann.userId,
      reporterId: kit.bo.userId,
      createdById: kit.ann.userId,
      status: 'pending',
      referralType: 'gratitude',
      amount: '0.00',
      customerName: 'Anderson',
      referrerFirstName: 'Ann',
      reporterBusinessName: 'Bo LLC',
    });
    const id = res.json().id;
    const events = await kit.t.db.select().from(referralEvents).where(eq(referralEvents.referralId, id));
    expect(events.map((e) => e.kind)).toEqual(['created']);
    const told = await kit.t.db.select().from(activity).where(eq(activity.userId, kit.bo.userId));
    expect(told.at(-1)).toMatchObject({ kind: 'referral_received', color: 'green' });
    expect(told.at(-1)?.description).toContain('Ann Giver credited you with a $0.00 referral');
  });

  it('reports a received referral: the reporter is the recipient, amount above 0, commission when chosen', async () => {
    const res = await kit.report(kit.bo, {
      referrerId: kit.ann.userId,
      amount: '1250.50',
      saleDate: kit.today,
      referralType: 'commission',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      referrerId: kit.ann.userId,
      reporterId: kit.bo.userId,
      createdById: kit.bo.userId,
      amount: '1250.50',
      referralType: 'commission',
      status: 'pending',
    });
  });

  // Bodies name members as A (Ann) and B (Bo); TODAY is today in the chapter's time zone.
  it.each([
    ['give', {}, 'toMemberId', REFERRAL_MESSAGES.chooseRecipient],
    ['give', { toMemberId: 'B', saleDate: '' }, 'saleDate', REFERRAL_MESSAGES.dateRequired],
    ['give', { toMemberId: 'B', saleDate: 'TODAY', amount: '-3' }, 'amount', 'Amount cannot be negative'],
    ['report', { saleDate: 'TODAY', amount: '5' }, 'referrerId', REFERRAL_MESSAGES.chooseReferrer],
    ['report', { referrerId: 'A', saleDate: 'TODAY' }, 'amount', REFERRAL_MESSAGES.saleAmountRequired],
    [
      'report',
      { referrerId: 'A', saleDate: 'TODAY', amount: '0' },
      'amount',
      REFERRAL_MESSAGES.amountPositive,
    ],
    [
      'report',
      { referrerId: 'A', saleDate: 'TODAY', amount: 'ten' },
      'amount',
      REFERRAL_MESSAGES.amountPositive,
    ],
    [
      'report',
      { referrerId: 'A', saleDate: 'TODAY', amount: '10.999' },
      'amount',
      'Enter an amount like 1250 or 1250.50',
    ],
    ['report', { referrerId: 'A', amount: '10' }, 'saleDate', REFERRAL_MESSAGES.dateRequired],
    [
      'report',
      { referrerId: 'A', amount: '10', saleDate: '2999-01-01' },
      'saleDate',
      REFERRAL_MESSAGES.futureDate,
    ],
  ])(
    '%s: answers 400 on %o with the message on %s, and writes nothing',
    async (kind, body, field, message) => {
      const names: Record<string, string> = { A: kit.ann.userId, B: kit.bo.userId, TODAY: kit.today };
      const payload = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, names[v] ?? v]));
      const before = await referralCount();
      const res = kind === 'give' ? await kit.give(kit.ann, payload) : await kit.report(kit.bo, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors[field]).toContain(message);
      expect(await referralCount()).toBe(before);
    },
  );

  it('refuses a referral with yourself, with a guest, or with an unknown member, writing nothing', async () => {
    const before = await referralCount();
    const self = await kit.give(kit.ann, { toMemberId: kit.ann.userId, saleDate: kit.today });
    expect(self.statusCode).toBe(400);
    expect(self.json().fieldErrors.toMemberId).toEqual([REFERRAL_MESSAGES.notSelf]);
    const guest = await createUser(kit.t.db, 'GUEST');
    const toGuest = await kit.report(kit.bo, { referrerId: guest.id, amount: '5', saleDate: kit.today });
    expect(toGuest.json().fieldErrors.referrerId).toEqual([REFERRAL_MESSAGES.notAMember]);
    const unknown = await kit.give(kit.ann, {
      toMemberId: '00000000-0000-4000-8000-000000000000',
      saleDate: kit.today,
    });
    expect(unknown.statusCode).toBe(400);
    expect(await referralCount()).toBe(before);
  });

  it('refuses strangers and guests on both routes, writing nothing', async () => {
    for (const [url, payload] of [
      ['/api/referrals/give', { toMemberId: kit.bo.userId, saleDate: kit.today }],
      ['/api/referrals/transactions', { referrerId: kit.ann.userId, amount: '5', saleDate: kit.today }],
    ] as const) {
      await expectRefusedBelow(kit.t, 'MEMBER', { method: 'POST', url, payload }, referralCount);
    }
  });

  it.runIf(hasPostgres)(
    'a member removed while credited: the referral is refused as no member, or kept for the giver; never a 500',
    async () => {
      const admin = await signInAs(kit.t.db, 'NETWORK_ADMIN');
      for (let round = 0; round < 12; round++) {
        const leaving = await createUser(kit.t.db, 'MEMBER');
        const customerName = `Race ${round}`;
        const [given, removal] = await Promise.all([
          kit.give(kit.ann, { toMemberId: leaving.id, amount: '10.00', saleDate: kit.today, customerName }),
          kit.as(admin, { method: 'DELETE', url: `/api/users/${leaving.id}` }),
        ]);
        expect(removal.statusCode).toBe(204);
        const kept = await kit.t.db.select().from(referrals).where(eq(referrals.customerName, customerName));
        if (given.statusCode === 400) {
          expect(given.json().fieldErrors.toMemberId).toEqual([REFERRAL_MESSAGES.notAMember]);
          expect(kept).toEqual([]);
        } else {
          expect(given.statusCode, given.body).toBe(201);
          // Referrals stay for the other member when one is removed.
          expect(kept.map((r) => [r.referrerId, r.reporterId])).toEqual([[kit.ann.userId, null]]);
        }
      }
    },
  );
});
