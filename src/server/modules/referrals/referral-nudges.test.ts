import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, referralReminders, referrals } from '../../db/schema';
import { makeReferral } from '../../test/factories';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { runReferralNudges } from './referral-nudges';

const DAY = 24 * 60 * 60 * 1000;

describe('follow-up nudges for referrals still pending (a controllable clock)', () => {
  let t: TestApp;
  let ann: { id: string };
  let bo: { id: string };
  // Far ahead of every row the test writes with the real clock, so only its own referrals fall due.
  const start = new Date(Date.now() + 400 * DAY);
  const at = (days: number) => new Date(start.getTime() + days * DAY);
  const remindersOf = async (userId: string) =>
    t.db
      .select({ title: notifications.title, body: notifications.body, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'referral_reminder')));

  beforeAll(async () => {
    t = await createTestApp();
    ann = await createUser(t.db, 'MEMBER', { firstName: 'Ann', lastName: 'Giver' });
    bo = await createUser(t.db, 'MEMBER', { firstName: 'Bo', lastName: 'Taker' });
  });
  afterAll(() => t.close());

  it('reminds the decider after 3 days and the creator after 7, each once', async () => {
    const referral = await makeReferral(
      t.db,
      { referrerId: ann.id, recipientId: bo.id },
      { createdAt: start, amount: '400.00', customerName: 'Anderson' },
    );
    expect(await runReferralNudges(t.db, at(2.9))).toBe(0);

    expect(await runReferralNudges(t.db, at(3))).toBe(1);
    expect(await remindersOf(bo.id)).toEqual([
      {
        title: 'Reminder: a referral waits for your decision',
        body: 'Ann Giver recorded the Anderson referral ($400.00) 3 days ago. Approve or decline it in Pending Referrals.',
        // The reminder opens the referral itself.
        link: `/dashboard?tab=referrals&referral=${referral.id}`,
      },
    ]);
    expect(await remindersOf(ann.id)).toEqual([]);
    expect(await runReferralNudges(t.db, at(5))).toBe(0);

    expect(await runReferralNudges(t.db, at(7))).toBe(1);
    expect(await remindersOf(ann.id)).toEqual([
      {
        title: 'Your referral is still pending',
        body: 'Bo Taker has not approved or declined the Anderson referral ($400.00) after 7 days. A word at the next meeting may help.',
        link: `/dashboard?tab=referrals&referral=${referral.id}`,
      },
    ]);
    // A restart or a later pass finds nothing left to say.
    expect(await runReferralNudges(t.db, at(30))).toBe(0);
    expect(await remindersOf(bo.id)).toHaveLength(1);
    expect(await remindersOf(ann.id)).toHaveLength(1);
  });

  it('says nothing about a referral decided in time', async () => {
    const decided = await makeReferral(
      t.db,
      { referrerId: bo.id, recipientId: ann.id },
      { createdAt: at(10) },
    );
    await t.db.update(referrals).set({ status: 'approved' }).where(eq(referrals.id, decided.id));
    expect(await runReferralNudges(t.db, at(20))).toBe(0);
    expect(
      await t.db.select().from(referralReminders).where(eq(referralReminders.referralId, decided.id)),
    ).toEqual([]);
  });

  it('reminds once even when several instances run the schedule at the same moment', async () => {
    const made = await makeReferral(t.db, { referrerId: ann.id, recipientId: bo.id }, { createdAt: at(40) });
    const written = await Promise.all(Array.from({ length: 5 }, () => runReferralNudges(t.db, at(48))));
    expect(written.reduce((a, b) => a + b, 0)).toBe(2);
    const rows = await t.db.select().from(referralReminders).where(eq(referralReminders.referralId, made.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['creator_7d', 'decider_3d']);
  });
});
