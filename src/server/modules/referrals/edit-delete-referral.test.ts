import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REFERRAL_MESSAGES } from '../../../domain/referrals/contracts';
import { activity, referrals } from '../../db/schema';
import { signInAs } from '../../test/test-app';
import { referralsTestKit } from './referrals-test-kit';

describe('editing and deleting referrals', () => {
  const kit = referralsTestKit();
  const row = async (id: string) => (await kit.t.db.select().from(referrals).where(eq(referrals.id, id)))[0];
  const edit = (who: Parameters<typeof kit.as>[0], id: string, payload: object) =>
    kit.as(who, { method: 'PATCH', url: `/api/referrals/${id}`, payload });
  const remove = (who: Parameters<typeof kit.as>[0], id: string) =>
    kit.as(who, { method: 'DELETE', url: `/api/referrals/${id}` });

  it('corrects a pending referral at once, keeps the history and tells the other party', async () => {
    const id = await kit.annGivesBo('1200.00', { customerName: 'Anderson' });
    const res = await edit(kit.ann, id, {
      amount: '1500',
      customerName: 'Anderson',
      saleDate: kit.today,
      notes: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: '1500.00', status: 'pending', proposal: null });
    expect(res.json().updatedAt).not.toBe(res.json().createdAt);

    const history = await kit.as(kit.bo, { method: 'GET', url: `/api/referrals/${id}/history` });
    expect(history.json().map((e: { kind: string }) => e.kind)).toEqual(['created', 'edited']);
    expect(history.json()[1]).toMatchObject({
      actorName: 'Ann Giver',
      changes: [{ field: 'amount', from: '1200.00', to: '1500' }],
    });
    const told = await kit.t.db.select().from(activity).where(eq(activity.userId, kit.bo.userId));
    expect(told.at(-1)?.description).toBe(
      'Ann Giver changed the amount from $1,200.00 to $1,500.00 of the Anderson referral',
    );
  });

  it('changes an approved referral’s customer and notes at once, without a proposal or a figure moving', async () => {
    const id = await kit.annGivesBo('1200.00', { customerName: 'Anderson' });
    await kit.decide(kit.bo, id, 'approved');
    const [annBefore, boBefore] = [await kit.metrics(kit.ann), await kit.metrics(kit.bo)];
    const res = await edit(kit.bo, id, {
      amount: '1200',
      customerName: 'Anderson & Sons',
      saleDate: kit.today,
      notes: 'Kitchen remodel',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      amount: '1200.00',
      customerName: 'Anderson & Sons',
      notes: 'Kitchen remodel',
      proposal: null,
    });
    expect(await kit.metrics(kit.ann)).toEqual(annBefore);
    expect(await kit.metrics(kit.bo)).toEqual(boBefore);
  });

  it('refuses a status in the edit body with the product text, and the edit messages', async () => {
    const id = await kit.annGivesBo('50.00');
    const withStatus = await edit(kit.bo, id, { amount: '60', saleDate: kit.today, status: 'approved' });
    expect(withStatus.statusCode).toBe(400);
    expect(withStatus.json().message).toBe(REFERRAL_MESSAGES.statusThroughApproval);
    const noAmount = await edit(kit.bo, id, { saleDate: kit.today });
    expect(noAmount.json().fieldErrors.amount).toEqual([REFERRAL_MESSAGES.amountRequired]);
    const zero = await edit(kit.bo, id, { amount: '0', saleDate: kit.today });
    expect(zero.json().fieldErrors.amount).toEqual([REFERRAL_MESSAGES.amountPositive]);
    const noDate = await edit(kit.bo, id, { amount: '5' });
    expect(noDate.json().fieldErrors.saleDate).toEqual([REFERRAL_MESSAGES.saleDateRequired]);
    expect(await row(id)).toMatchObject({ amount: '50.00', status: 'pending' });
  });

  it('hides a referral from anyone not a party: no history, no edit, no delete (404), nothing changed', async () => {
    const id = await kit.annGivesBo('75.00');
    const before = await row(id);
    const admin = await signInAs(kit.t.db, 'AGENCY_ADMIN');
    for (const res of [
      await kit.as(admin, { method: 'GET', url: `/api/referrals/${id}/history` }),
      await edit(admin, id, { amount: '1', saleDate: kit.today }),
      await remove(admin, id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: REFERRAL_MESSAGES.notFound });
    }
    for (const who of [null, 'GUEST'] as const) {
      expect((await edit(who, id, { amount: '1', saleDate: kit.today })).statusCode).toBe(who ? 403 : 401);
      expect((await remove(who, id)).statusCode).toBe(who ? 403 : 401);
    }
    expect(await row(id)).toEqual(before);
  });

  it('deletes a pending referral for both at once and keeps its history', async () => {
    const id = await kit.annGivesBo('400.00', { customerName: 'Baker' });
    const res = await remove(kit.bo, id);
    expect(res.statusCode).toBe(204);
    expect(await row(id)).toBeUndefined();
    const told = await kit.t.db.select().from(activity).where(eq(activity.userId, kit.ann.userId));
    expect(told.at(-1)).toMatchObject({
      kind: 'referral_deleted',
      description: 'Bo Taker deleted the Baker referral ($400.00, pending)',
    });
    expect((await remove(kit.bo, id)).statusCode).toBe(404);
  });
});
