import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES } from '../../../domain/notifications/contracts';
import { notificationKindsFor } from '../../../domain/notifications/kinds';
import { notificationEmailOptOuts, notifications } from '../../db/schema';
import { applicationPayload, makeMember, meetingOn } from '../../test/factories';
import { injectAs } from '../../test/requests';
import { type SignedIn, sessionFor, signInAs } from '../../test/test-app';
import { recordReferralEvent } from '../referrals/referral-events';
import { referralsTestKit } from '../referrals/referrals-test-kit';

describe('notifications: written with the change, read and marked in the bell', () => {
  const kit = referralsTestKit();
  const list = async (who: SignedIn) =>
    (await kit.as(who, { method: 'GET', url: '/api/notifications' })).json();
  const countFor = async (userId: string) =>
    (await kit.t.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)))[0]!.n;

  it('tells the other party a referral waits for them, and the creator when it is decided', async () => {
    const before = await list(kit.bo);
    const id = await kit.annGivesBo('300.00', { customerName: 'Anderson' });
    const bo = await list(kit.bo);
    expect(bo.unread).toBe(before.unread + 1);
    expect(bo.items[0]).toMatchObject({
      kind: 'referral_awaiting',
      title: 'A referral waits for your decision',
      body: 'Ann Giver credited you with a $300.00 referral. Approve or decline it on your dashboard.',
      link: `/dashboard?tab=referrals&referral=${id}`,
      read: false,
    });
    // The creator is not told about their own action.
    expect((await list(kit.ann)).items.some((n: { kind: string }) => n.kind === 'referral_awaiting')).toBe(
      false,
    );

    expect((await kit.decide(kit.bo, id, 'approved')).statusCode).toBe(200);
    expect((await list(kit.ann)).items[0]).toMatchObject({
      kind: 'referral_decided',
      title: 'Your referral was approved',
      body: 'Bo Taker approved the Anderson referral',
      link: `/dashboard?tab=referrals&referral=${id}`,
    });
  });

  it('tells the other party about an edit and a deletion', async () => {
    const id = await kit.annGivesBo('100.00', { customerName: 'Baker' });
    const edit = await kit.as(kit.bo, {
      method: 'PATCH',
      url: `/api/referrals/${id}`,
      payload: { amount: '150.00', saleDate: kit.today, customerName: 'Baker' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await list(kit.ann)).items[0]).toMatchObject({
      kind: 'referral_changed',
      title: 'A referral was edited',
      body: 'Bo Taker changed the amount from $100.00 to $150.00 of the Baker referral',
    });
    expect((await kit.as(kit.ann, { method: 'DELETE', url: `/api/referrals/${id}` })).statusCode).toBe(204);
    expect((await list(kit.bo)).items[0]).toMatchObject({
      kind: 'referral_changed',
      title: 'A referral was deleted',
    });
  });

  it('writes nothing when the change rolls back (the outbox shares its transaction)', async () => {
    const id = await kit.annGivesBo();
    const before = await countFor(kit.bo.userId);
    await expect(
      kit.t.db.transaction(async (tx) => {
        await recordReferralEvent(tx, {
          referralId: id,
          actorId: kit.ann.userId,
          kind: 'edited',
          tell: { userId: kit.bo.userId, kind: 'referral_edited', description: 'changed' },
        });
        expect(await countFor(kit.bo.userId)).toBe(before); // not visible outside the transaction
        throw new Error('the change failed after its notification was written');
      }),
    ).rejects.toThrow('the change failed');
    expect(await countFor(kit.bo.userId)).toBe(before);

    // A refused request writes none either: deciding your own referral is a 403.
    const annBefore = await countFor(kit.ann.userId);
    expect((await kit.decide(kit.ann, id, 'approved')).statusCode).toBe(403);
    expect(await countFor(kit.ann.userId)).toBe(annBefore);
  });

  it('marks one, or all, as read; another member’s ids change nothing', async () => {
    await kit.annGivesBo();
    await kit.annGivesBo();
    const { items, unread } = await list(kit.bo);
    expect(unread).toBeGreaterThanOrEqual(2);

    // Ann naming Bo's notification marks nothing.
    const foreign = await kit.as(kit.ann, {
      method: 'POST',
      url: '/api/notifications/read',
      payload: { ids: [items[0].id] },
    });
    expect(foreign.statusCode).toBe(200);
    expect((await list(kit.bo)).unread).toBe(unread);

    const one = await kit.as(kit.bo, {
      method: 'POST',
      url: '/api/notifications/read',
      payload: { ids: [items[0].id] },
    });
    expect(one.json()).toEqual({ unread: unread - 1 });
    expect((await list(kit.bo)).items[0].read).toBe(true);

    const all = await kit.as(kit.bo, {
      method: 'POST',
      url: '/api/notifications/read',
      payload: { all: true },
    });
    expect(all.json()).toEqual({ unread: 0 });
  });

  it('refuses bad input with 400 and strangers with 401, changing nothing', async () => {
    const unreadBefore = (await list(kit.bo)).unread;
    for (const payload of [
      {},
      { ids: [] },
      { ids: ['not-a-uuid'] },
      { all: false },
      { all: true, extra: 1 },
    ]) {
      const res = await kit.as(kit.bo, { method: 'POST', url: '/api/notifications/read', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await list(kit.bo)).unread).toBe(unreadBefore);
    expect((await kit.as(null, { method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect(
      (await kit.as(null, { method: 'POST', url: '/api/notifications/read', payload: { all: true } }))
        .statusCode,
    ).toBe(401);
  });

  it('tells those who may decide about a new application, and the applicant about the decision', async () => {
    const leader = await signInAs(kit.t.db, 'LEADERSHIP');
    const admin = await signInAs(kit.t.db, 'NETWORK_ADMIN');
    const member = await signInAs(kit.t.db, 'MEMBER');
    const guest = await signInAs(kit.t.db, 'GUEST', { email: 'avery.applicant@example.com' });
    const submitted = await injectAs(kit.t, guest, {
      method: 'POST',
      url: '/api/applications',
      payload: applicationPayload({ email: 'avery.applicant@example.com' }),
    });
    expect(submitted.statusCode).toBe(201);
    const appId = submitted.json().id;
    for (const reviewer of [leader, admin]) {
      expect((await list(reviewer)).items[0]).toMatchObject({
        kind: 'application_new',
        title: 'New membership application',
        body: 'Avery Applicant of Avery Accounting (Bookkeeping) applied to join.',
        link: `/applications/${appId}`,
      });
    }
    expect((await list(member)).items.some((n: { kind: string }) => n.kind === 'application_new')).toBe(
      false,
    );
    expect((await list(guest)).items).toEqual([]);

    const decided = await injectAs(kit.t, admin, {
      method: 'PUT',
      url: `/api/applications/${appId}/status`,
      payload: { status: 'approved' },
    });
    expect(decided.statusCode).toBe(200);
    const applicant = await sessionFor(kit.t.db, guest.userId);
    expect((await list(applicant)).items[0]).toMatchObject({
      kind: 'application_decided',
      title: 'Your application was approved',
      link: '/dashboard?tab=applications',
    });
  });

  it('warns a member who is one absence from the attendance limit', async () => {
    const leader = await signInAs(kit.t.db, 'LEADERSHIP');
    const member = await makeMember(kit.t.db, { missedMeetingLimit: 2 });
    const session = await sessionFor(kit.t.db, member.id);
    const mark = (meetingDate: string) =>
      injectAs(kit.t, leader, {
        method: 'POST',
        url: '/api/attendance/batch',
        payload: { meetingDate, attendanceRecords: [{ memberId: member.id, status: 'ABSENT' }] },
      });
    expect((await mark(kit.today)).statusCode).toBe(200);
    // The absence counts, and the member hears, when the week closes.
    expect((await list(session)).items).toHaveLength(0);
    const meeting = await meetingOn(kit.t.db, kit.today);
    expect(
      (await injectAs(kit.t, leader, { method: 'POST', url: `/api/meetings/${meeting!.id}/close` }))
        .statusCode,
    ).toBe(200);
    expect((await list(session)).items[0]).toMatchObject({
      kind: 'attendance_limit',
      title: 'One absence from the attendance limit',
    });
  });
});

describe('email preferences', () => {
  const kit = referralsTestKit();
  const prefs = async (who: SignedIn) =>
    (await kit.as(who, { method: 'GET', url: '/api/notifications/preferences' })).json();
  const put = (who: SignedIn, payload: object) =>
    kit.as(who, { method: 'PUT', url: '/api/notifications/preferences', payload });
  const optOuts = async (userId: string) =>
    kit.t.db.select().from(notificationEmailOptOuts).where(eq(notificationEmailOptOuts.userId, userId));

  it('lists the kinds that apply to the role, all on by default, and switches one off and on', async () => {
    const member = await prefs(kit.ann);
    expect(member.items.map((p: { kind: string }) => p.kind)).toEqual(notificationKindsFor('MEMBER'));
    expect(member.items.every((p: { email: boolean }) => p.email)).toBe(true);
    expect(member.items.map((p: { kind: string }) => p.kind)).not.toContain('application_new');

    const off = await put(kit.ann, { kind: 'referral_reminder', email: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().items.find((p: { kind: string }) => p.kind === 'referral_reminder').email).toBe(false);
    // Twice is the same as once.
    expect((await put(kit.ann, { kind: 'referral_reminder', email: false })).statusCode).toBe(200);
    expect(await optOuts(kit.ann.userId)).toHaveLength(1);
    await put(kit.ann, { kind: 'referral_reminder', email: true });
    expect(await optOuts(kit.ann.userId)).toHaveLength(0);
  });

  it('refuses a kind that is not for the role (403) and bad input (400), changing nothing', async () => {
    const refused = await put(kit.bo, { kind: 'application_new', email: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: NOTIFICATION_MESSAGES.kindNotForYou });
    for (const payload of [
      { kind: 'nonsense', email: false },
      { kind: 'referral_awaiting' },
      { kind: 'referral_awaiting', email: 'no' },
    ]) {
      expect((await put(kit.bo, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await optOuts(kit.bo.userId)).toHaveLength(0);
    expect((await kit.as(null, { method: 'GET', url: '/api/notifications/preferences' })).statusCode).toBe(
      401,
    );
    const leader = await signInAs(kit.t.db, 'LEADERSHIP');
    expect((await put(leader, { kind: 'application_new', email: false })).statusCode).toBe(200);
    expect(
      await kit.t.db
        .select()
        .from(notificationEmailOptOuts)
        .where(
          and(
            eq(notificationEmailOptOuts.userId, leader.userId),
            eq(notificationEmailOptOuts.kind, 'application_new'),
          ),
        ),
    ).toHaveLength(1);
  });
});
