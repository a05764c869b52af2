import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REFERRAL_MESSAGES } from '../../../domain/referrals/contracts';
import { notifications, referralEvents, referralProposals, referrals } from '../../db/schema';
import type { Who } from '../../test/requests';
import { signInAs } from '../../test/test-app';
import { postgresReachable } from '../../test/test-database';
import { referralsTestKit } from './referrals-test-kit';

const hasPostgres = await postgresReachable();

describe('approved referrals change only with both parties: proposals for amounts, dates and removal', () => {
  const kit = referralsTestKit({ rateLimits: false });
  const row = async (id: string) => (await kit.t.db.select().from(referrals).where(eq(referrals.id, id)))[0];
  const edit = (who: Who, id: string, payload: object) =>
    kit.as(who, { method: 'PATCH', url: `/api/referrals/${id}`, payload });
  const remove = (who: Who, id: string) => kit.as(who, { method: 'DELETE', url: `/api/referrals/${id}` });
  const answer = (who: Who, proposalId: string, decision: string) =>
    kit.as(who, { method: 'PATCH', url: `/api/referrals/proposals/${proposalId}`, payload: { decision } });
  const withdraw = (who: Who, proposalId: string) =>
    kit.as(who, { method: 'DELETE', url: `/api/referrals/proposals/${proposalId}` });
  const waitingFor = async (who: Who) =>
    (await kit.as(who, { method: 'GET', url: '/api/referrals/proposals' })).json() as { id: string }[];
  // Read from the table: the history outlives a removed referral (whose route then answers 404).
  const historyKinds = async (id: string) =>
    (
      await kit.t.db
        .select({ kind: referralEvents.kind })
        .from(referralEvents)
        .where(eq(referralEvents.referralId, id))
        .orderBy(referralEvents.createdAt, referralEvents.id)
    ).map((e) => e.kind);
  const lastNotification = async (userId: string) =>
    (
      await kit.t.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(notifications.createdAt)
    ).at(-1);
  /** An approved referral Ann gave Bo, for `amount`, with a customer name. */
  const approved = async (amount: string, customerName = 'Anderson') => {
    const id = await kit.annGivesBo(amount, { customerName });
    await kit.decide(kit.bo, id, 'approved');
    return id;
  };
  const figures = async () => [await kit.metrics(kit.ann), await kit.metrics(kit.bo)];

  it('turns a new amount into a proposal: figures keep the approved value until the other party accepts', async () => {
    const id = await approved('200.00');
    const before = await figures();

    const res = await edit(kit.ann, id, {
      amount: '10000000',
      customerName: 'Anderson',
      saleDate: kit.today,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      amount: '200.00',
      proposal: { kind: 'change', proposedById: kit.ann.userId, amount: '10000000.00', saleDate: kit.today },
    });
    expect((await row(id))?.amount).toBe('200.00');
    expect(await figures()).toEqual(before);
    const stats = await kit.as(null, { method: 'GET', url: '/api/network/stats' });
    expect(stats.json().totalRevenue).toBe('200.00');

    // Bo is told in the bell (and by email, from the same outbox row) and sees it waiting for him.
    expect(await lastNotification(kit.bo.userId)).toMatchObject({
      kind: 'referral_proposal',
      title: 'A change to an approved referral waits for your answer',
      body: 'Ann Giver proposes changing the amount from $200.00 to $10,000,000.00 of the Anderson referral. Until you accept, it keeps its approved values.',
      emailStatus: 'pending',
    });
    expect((await waitingFor(kit.bo)).map((r) => r.id)).toEqual([id]);
    expect(await waitingFor(kit.ann)).toEqual([]);

    const proposalId = res.json().proposal.id;
    const accepted = await answer(kit.bo, proposalId, 'accepted');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().referral).toMatchObject({ amount: '10000000.00', proposal: null });
    const [ann, bo] = await figures();
    // 10,000,000.00 - 200.00 = 9,999,800.00 more for both, by hand.
    expect(Number(ann.revenueReceived) - Number(before[0].revenueReceived)).toBe(9_999_800);
    expect(Number(bo.revenueGiven) - Number(before[1].revenueGiven)).toBe(9_999_800);
    expect(ann.referralsGiven).toBe(before[0].referralsGiven);
    expect(await historyKinds(id)).toEqual(['created', 'approved', 'change_proposed', 'change_accepted']);
    expect(await lastNotification(kit.ann.userId)).toMatchObject({
      title: 'Your proposed change was accepted',
      body: 'Bo Taker accepted your change to the Anderson referral: the amount from $200.00 to $10,000,000.00',
    });
    expect(await waitingFor(kit.bo)).toEqual([]);
  });

  it('keeps the approved values when the other party declines, and records the outcome', async () => {
    const id = await approved('300.00', 'Baker');
    const before = await figures();
    const res = await edit(kit.bo, id, { amount: '30', customerName: 'Baker', saleDate: '2020-05-05' });
    expect(res.json().proposal).toMatchObject({ amount: '30.00', saleDate: '2020-05-05' });
    const declined = await answer(kit.ann, res.json().proposal.id, 'declined');
    expect(declined.statusCode).toBe(200);
    expect(declined.json().referral).toMatchObject({ amount: '300.00', saleDate: kit.today, proposal: null });
    expect(await figures()).toEqual(before);
    expect(await historyKinds(id)).toEqual(['created', 'approved', 'change_proposed', 'change_declined']);
    const events = (await kit.as(kit.bo, { method: 'GET', url: `/api/referrals/${id}/history` })).json();
    expect(events[2].changes).toEqual([
      { field: 'amount', from: '300.00', to: '30.00' },
      { field: 'saleDate', from: kit.today, to: '2020-05-05' },
    ]);
    expect(await lastNotification(kit.bo.userId)).toMatchObject({
      title: 'Your proposed change was declined',
      body: 'Ann Giver declined your change to the Baker referral; it keeps its approved values',
    });
  });

  it('refuses the proposer, strangers and lower roles, a second answer, and a counter-change, changing nothing', async () => {
    const id = await approved('400.00');
    const proposal = (await edit(kit.ann, id, { amount: '450', saleDate: kit.today })).json().proposal;
    const before = await row(id);

    const own = await answer(kit.ann, proposal.id, 'accepted');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ code: 'FORBIDDEN', message: REFERRAL_MESSAGES.notYourProposalToAnswer });
    const admin = await signInAs(kit.t.db, 'AGENCY_ADMIN');
    for (const res of [
      await answer(admin, proposal.id, 'accepted'),
      await withdraw(admin, proposal.id),
      await answer(kit.bo, '00000000-0000-4000-8000-000000000000', 'accepted'),
      await answer(kit.bo, 'not-an-id', 'accepted'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: REFERRAL_MESSAGES.proposalNotFound });
    }
    expect((await answer(null, proposal.id, 'accepted')).statusCode).toBe(401);
    expect((await answer('GUEST', proposal.id, 'accepted')).statusCode).toBe(403);
    const bad = await answer(kit.bo, proposal.id, 'maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(REFERRAL_MESSAGES.decisionOnProposal);
    expect((await withdraw(kit.bo, proposal.id)).json()).toEqual({
      code: 'FORBIDDEN',
      message: REFERRAL_MESSAGES.notYourProposalToWithdraw,
    });

    // Bo may not answer Ann's proposal with his own amount, nor delete around it.
    const counter = await edit(kit.bo, id, { amount: '999', saleDate: kit.today });
    expect(counter.statusCode).toBe(409);
    expect(counter.json().message).toBe(REFERRAL_MESSAGES.otherProposalWaiting);
    expect((await remove(kit.bo, id)).statusCode).toBe(409);
    expect(await row(id)).toEqual(before);
    const [pending] = await kit.t.db
      .select()
      .from(referralProposals)
      .where(eq(referralProposals.id, proposal.id));
    expect(pending?.status).toBe('pending');
    // Notes stay free for him meanwhile.
    expect(
      (await edit(kit.bo, id, { amount: '400', saleDate: kit.today, notes: 'Called' })).json(),
    ).toMatchObject({ notes: 'Called', amount: '400.00', proposal: { id: proposal.id } });

    expect((await answer(kit.bo, proposal.id, 'declined')).statusCode).toBe(200);
    const again = await answer(kit.bo, proposal.id, 'accepted');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REFERRAL_MESSAGES.proposalAnswered);
    expect((await row(id))?.amount).toBe('400.00');
  });

  it('lets the proposer replace or withdraw their proposal; an answer to the replaced one is 409', async () => {
    const id = await approved('500.00');
    const first = (
      await edit(kit.ann, id, { amount: '550', saleDate: kit.today, customerName: 'Anderson' })
    ).json().proposal;
    const second = (
      await edit(kit.ann, id, { amount: '600', saleDate: kit.today, customerName: 'Anderson' })
    ).json().proposal;
    expect(second.id).not.toBe(first.id);
    expect((await answer(kit.bo, first.id, 'accepted')).statusCode).toBe(409);
    // Sending the approved values again takes the proposal back.
    const back = await edit(kit.ann, id, { amount: '500', saleDate: kit.today, customerName: 'Anderson' });
    expect(back.json().proposal).toBeNull();
    const third = (
      await edit(kit.ann, id, { amount: '650', saleDate: kit.today, customerName: 'Anderson' })
    ).json().proposal;
    const withdrawn = await withdraw(kit.ann, third.id);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().referral).toMatchObject({ amount: '500.00', proposal: null });
    expect(await lastNotification(kit.bo.userId)).toMatchObject({
      body: 'Ann Giver withdrew the proposed change to the Anderson referral',
    });
    expect(await historyKinds(id)).toEqual([
      'created',
      'approved',
      'change_proposed',
      'change_withdrawn',
      'change_proposed',
      'change_withdrawn',
      'change_proposed',
      'change_withdrawn',
    ]);
    expect((await row(id))?.amount).toBe('500.00');
  });

  it('keeps a proposal sent twice as one, and refuses a new amount while the proposer’s removal request waits', async () => {
    const id = await approved('800.00', 'Dunn');
    const first = (
      await edit(kit.ann, id, { amount: '850', saleDate: kit.today, customerName: 'Dunn' })
    ).json();
    // The same amount and date again (written another way) is the same proposal: nothing new in the history.
    const same = (
      await edit(kit.ann, id, { amount: '850.00', saleDate: kit.today, customerName: 'Dunn' })
    ).json();
    expect(same.proposal.id).toBe(first.proposal.id);
    expect(await historyKinds(id)).toEqual(['created', 'approved', 'change_proposed']);
    // Editing only the notes leaves the proposal waiting and changes the notes at once.
    const noted = await edit(kit.ann, id, {
      amount: '850',
      saleDate: kit.today,
      customerName: 'Dunn',
      notes: 'Called',
    });
    expect(noted.json()).toMatchObject({
      amount: '800.00',
      notes: 'Called',
      proposal: { id: first.proposal.id },
    });
    expect(await lastNotification(kit.bo.userId)).toMatchObject({
      body: 'Ann Giver changed the notes from nothing to Called of the Dunn referral',
    });
    expect((await withdraw(kit.ann, first.proposal.id)).statusCode).toBe(200);

    // Ann asks to remove it: a new amount from her now waits on that request, a notes change does not.
    const removal = (await remove(kit.ann, id)).json().proposal;
    const refused = await edit(kit.ann, id, { amount: '900', saleDate: kit.today, customerName: 'Dunn' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'You asked to remove this referral: withdraw that request before changing it',
    );
    const notesOnly = await edit(kit.ann, id, {
      amount: '800',
      saleDate: kit.today,
      customerName: 'Dunn',
      notes: 'Again',
    });
    expect(notesOnly.statusCode).toBe(200);
    expect(notesOnly.json()).toMatchObject({
      amount: '800.00',
      notes: 'Again',
      proposal: { id: removal.id, kind: 'removal' },
    });
    expect((await row(id))?.amount).toBe('800.00');

    // Declined, the removal leaves it approved, and Ann reads why.
    await answer(kit.bo, removal.id, 'declined');
    expect(await lastNotification(kit.ann.userId)).toMatchObject({
      body: 'Bo Taker declined removing the Dunn referral; it stays approved',
    });
  });

  it('makes deleting an approved referral a removal request: figures move only when the other party accepts', async () => {
    const id = await approved('700.00', 'Carter');
    const before = await figures();
    const requested = await remove(kit.bo, id);
    expect(requested.statusCode).toBe(202);
    expect(requested.json().proposal).toMatchObject({ kind: 'removal', proposedById: kit.bo.userId });
    expect(await row(id)).toBeDefined();
    expect(await figures()).toEqual(before);
    expect(await lastNotification(kit.ann.userId)).toMatchObject({
      title: 'A request to remove an approved referral waits for your answer',
      body: 'Bo Taker asks to remove the Carter referral ($700.00, approved). If you accept, it no longer counts for either of you.',
    });
    // Asking twice is the same request.
    expect((await remove(kit.bo, id)).json().proposal.id).toBe(requested.json().proposal.id);

    const declined = await answer(kit.ann, requested.json().proposal.id, 'declined');
    expect(declined.json().referral).toMatchObject({ id, status: 'approved', proposal: null });
    expect(await figures()).toEqual(before);

    const again = (await remove(kit.bo, id)).json().proposal;
    const accepted = await answer(kit.ann, again.id, 'accepted');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ referral: null });
    expect(await row(id)).toBeUndefined();
    // Answering again finds it answered; for a stranger the removed referral's proposal does not exist.
    expect((await answer(kit.ann, again.id, 'accepted')).json().message).toBe(
      REFERRAL_MESSAGES.proposalAnswered,
    );
    const stranger = await signInAs(kit.t.db, 'MEMBER');
    expect((await answer(stranger, again.id, 'accepted')).statusCode).toBe(404);
    const [ann, bo] = await figures();
    expect(ann.referralsGiven).toBe(before[0].referralsGiven - 1);
    expect(Number(before[0].revenueReceived) - Number(ann.revenueReceived)).toBe(700);
    expect(bo.referralsReceived).toBe(before[1].referralsReceived - 1);
    expect(Number(before[1].revenueGiven) - Number(bo.revenueGiven)).toBe(700);
    expect(await historyKinds(id)).toEqual([
      'created',
      'approved',
      'removal_requested',
      'removal_declined',
      'removal_requested',
      'removal_accepted',
    ]);
    expect(await lastNotification(kit.bo.userId)).toMatchObject({
      title: 'Your request to remove a referral was accepted',
      body: 'Ann Giver accepted removing the Carter referral ($700.00); it no longer counts for either of you',
    });
  });

  it.runIf(hasPostgres)(
    'settles a concurrent accept and a new proposal as one outcome, ten times over',
    async () => {
      for (let round = 0; round < 10; round++) {
        const id = await approved('100.00');
        const proposal = (await edit(kit.ann, id, { amount: '500', saleDate: kit.today })).json().proposal;
        const [accept, replace] = await Promise.all([
          answer(kit.bo, proposal.id, 'accepted'),
          edit(kit.ann, id, { amount: '700', saleDate: kit.today }),
        ]);
        expect(replace.statusCode).toBe(200);
        const amount = (await row(id))?.amount;
        if (accept.statusCode === 200) {
          // Accepted first: 500 counts, and Ann's 700 waits as a new proposal.
          expect(amount).toBe('500.00');
        } else {
          // Replaced first: Bo answered a proposal that no longer stands, nothing counted.
          expect(accept.statusCode).toBe(409);
          expect(amount).toBe('100.00');
        }
        const waiting = await kit.t.db
          .select()
          .from(referralProposals)
          .where(and(eq(referralProposals.referralId, id), eq(referralProposals.status, 'pending')));
        expect(waiting.map((p) => p.amount)).toEqual(['700.00']);
      }
    },
  );

  it.runIf(hasPostgres)('counts one of 20 concurrent answers to a removal request', async () => {
    const id = await approved('250.00');
    const before = await figures();
    const proposal = (await remove(kit.ann, id)).json().proposal;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => answer(kit.bo, proposal.id, i % 2 ? 'declined' : 'accepted')),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const outcomes = await kit.t.db
      .select({ n: count() })
      .from(referralProposals)
      .where(eq(referralProposals.id, proposal.id));
    expect(outcomes[0]?.n ?? 0).toBeLessThanOrEqual(1);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    if (winner.referral === null)
      expect((await figures())[0].referralsGiven).toBe(before[0].referralsGiven - 1);
    else expect(await figures()).toEqual(before);
  });
});
