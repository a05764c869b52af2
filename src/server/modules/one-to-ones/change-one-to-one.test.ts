import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/attendance/meeting-day';
import { todayIn } from '../../../domain/dates';
import { chapters, meetings, notifications, oneToOneEvents, oneToOnes, users } from '../../db/schema';
import { expectRefusedBelow, injectAs, type Who } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
let chapterId: string;
const today = todayIn();
beforeAll(async () => {
  t = await createTestApp({ buildOptions: { rateLimits: false } });
  const [chapter] = await t.db.insert(chapters).values({ name: 'Timnath', slug: 'timnath' }).returning();
  chapterId = chapter!.id;
});
afterAll(() => t.close());

const member = (firstName: string, extra: object = {}) =>
  signInAs(t.db, 'MEMBER', {
    firstName,
    lastName: 'Pair',
    chapterId,
    createdAt: new Date('2020-01-01T12:00:00Z'),
    ...extra,
  });
const logged = async (by: SignedIn, withMemberId: string, metOn: string) => {
  const res = await injectAs(t, by, {
    method: 'POST',
    url: '/api/one-to-ones',
    payload: { withMemberId, metOn, mode: 'online', minutes: 30, learned: 'Roofs' },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().id as string;
};
const edit = (who: Who, id: string, payload: object) =>
  injectAs(t, who, { method: 'PATCH', url: `/api/one-to-ones/${id}`, payload });
const remove = (who: Who, id: string) =>
  injectAs(t, who, { method: 'DELETE', url: `/api/one-to-ones/${id}` });
const answer = (who: Who, proposalId: string, decision: string) =>
  injectAs(t, who, {
    method: 'PATCH',
    url: `/api/one-to-ones/proposals/${proposalId}`,
    payload: { decision },
  });
const row = async (id: string) => (await t.db.select().from(oneToOnes).where(eq(oneToOnes.id, id)))[0];
const history = async (id: string) =>
  (
    await t.db
      .select({ kind: oneToOneEvents.kind })
      .from(oneToOneEvents)
      .where(eq(oneToOneEvents.oneToOneId, id))
      .orderBy(asc(oneToOneEvents.createdAt))
  ).map((e) => e.kind);
const titles = async (userId: string) =>
  (
    await t.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'one_to_one')))
      .orderBy(asc(notifications.createdAt))
  ).map((n) => n.title);
/** Closes the chapter's week that holds `day` (a closed meeting that day). */
const closeWeekOf = (day: string) =>
  t.db.insert(meetings).values({ chapterId, meetingDate: day, startTime: '07:00', state: 'closed' });

describe('editing and deleting a one-to-one while its week is open', () => {
  it('lets either member change it at once, keeps the history and tells the other', async () => {
    const ann = await member('Ann');
    const bo = await member('Bo');
    const id = await logged(ann, bo.userId, addDays(today, -2));
    const res = await edit(bo, id, { minutes: 50, metOn: addDays(today, -1), nextStep: 'Meet his partner' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      minutes: 50,
      metOn: addDays(today, -1),
      nextStep: 'Meet his partner',
      proposal: null,
    });
    expect(await history(id)).toEqual(['logged', 'edited']);
    expect(await titles(ann.userId)).toEqual(['A one-to-one with you was edited']);
    expect((await edit(bo, id, { place: null, mode: 'in_person' })).json().fieldErrors.place).toEqual([
      'Say where you met',
    ]);
  });

  it('refuses a member who is not one of the two (another chapter), a guest and a stranger, changing nothing', async () => {
    const ann = await member('Ann');
    const bo = await member('Bo');
    const outsider = await signInAs(t.db, 'MEMBER', { firstName: 'Oz' });
    const id = await logged(ann, bo.userId, today);
    const before = await row(id);
    expect((await edit(outsider, id, { minutes: 90 })).statusCode).toBe(404);
    expect((await remove(outsider, id)).statusCode).toBe(404);
    await expectRefusedBelow(
      t,
      'MEMBER',
      { method: 'PATCH', url: `/api/one-to-ones/${id}`, payload: { minutes: 90 } },
      () => row(id),
    );
    await expectRefusedBelow(t, 'MEMBER', { method: 'DELETE', url: `/api/one-to-ones/${id}` }, () => row(id));
    expect(await row(id)).toEqual(before);
  });

  it('refuses moving it onto another one-to-one of the pair', async () => {
    const ann = await member('Ann');
    const bo = await member('Bo');
    const first = await logged(ann, bo.userId, addDays(today, -3));
    await logged(bo, ann.userId, addDays(today, -4));
    const res = await edit(ann, first, { metOn: addDays(today, -4) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.metOn).toEqual(['You two already have a one-to-one logged on that date']);
  });

  it('deletes it for both, told to the other, the history kept', async () => {
    const ann = await member('Ann');
    const bo = await member('Bo');
    const id = await logged(ann, bo.userId, today);
    expect((await remove(bo, id)).statusCode).toBe(204);
    expect(await row(id)).toBeUndefined();
    expect(await history(id)).toEqual(['logged', 'deleted']);
    expect(await titles(ann.userId)).toEqual(['A one-to-one with you was deleted']);
    expect((await injectAs(t, ann, { method: 'GET', url: '/api/one-to-ones/summary' })).json().total).toBe(0);
  });
});

describe('once its week is closed', () => {
  it('makes a change of date a proposal the other member answers; the rest applies at once', async () => {
    const ann = await member('Ann');
    const bo = await member('Bo');
    const metOn = addDays(today, -22);
    const id = await logged(ann, bo.userId, metOn);
    await closeWeekOf(addDays(today, -20));
    // Out of the closed week into an open one: still the other member's to accept.
    const res = await edit(ann, id, { metOn: addDays(today, -10), learned: 'Commercial roofs too' });
    expect(res.statusCode).toBe(200);
    const proposal = res.json().proposal;
    expect(res.json()).toMatchObject({ metOn, learned: 'Commercial roofs too', weekClosed: true });
    expect(proposal).toMatchObject({ kind: 'change', proposedByMe: true, metOn: addDays(today, -10) });
    expect(await titles(bo.userId)).toContain('A change to a one-to-one waits for your answer');
    // A second change waits for the answer; the proposer may not answer their own.
    expect((await edit(ann, id, { metOn: addDays(today, -24) })).statusCode).toBe(409);
    expect((await answer(ann, proposal.id, 'accepted')).statusCode).toBe(403);
    const accepted = await answer(bo, proposal.id, 'accepted');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().oneToOne).toMatchObject({ metOn: addDays(today, -10), proposal: null });
    expect(await titles(ann.userId)).toContain('Your change to a one-to-one was accepted');
    expect((await answer(bo, proposal.id, 'declined')).statusCode).toBe(409);
  });

  it("makes moving an open week's one-to-one into a closed week a proposal too", async () => {
    const ann = await member('Ann');
    const bo = await member('Bo');
    const id = await logged(ann, bo.userId, addDays(today, -3));
    await closeWeekOf(addDays(today, -60));
    const res = await edit(bo, id, { metOn: addDays(today, -61) });
    expect(res.json()).toMatchObject({
      metOn: addDays(today, -3),
      weekClosed: false,
      proposal: { kind: 'change' },
    });
  });

  it('makes a removal a request: declined it stays, accepted it goes, a second answer at once is 409', async () => {
    const ann = await member('Ann');
    const bo = await member('Bo');
    const metOn = addDays(today, -40);
    const id = await logged(ann, bo.userId, metOn);
    await closeWeekOf(addDays(today, -36));
    const first = await remove(ann, id);
    expect(first.statusCode).toBe(202);
    expect(first.json().proposal).toMatchObject({ kind: 'removal', proposedByMe: true });
    expect((await answer(bo, first.json().proposal.id, 'declined')).json().oneToOne).toMatchObject({ id });
    expect(await titles(ann.userId)).toContain('Your request to remove a one-to-one was declined');

    const second = (await remove(ann, id)).json().proposal.id as string;
    const both = await Promise.all([answer(bo, second, 'accepted'), answer(bo, second, 'accepted')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await row(id)).toBeUndefined();
    expect(await history(id)).toEqual([
      'logged',
      'removal_requested',
      'removal_declined',
      'removal_requested',
      'removal_accepted',
    ]);
  });

  it('lets the proposer withdraw, and nobody else', async () => {
    const ann = await member('Ann');
    const bo = await member('Bo');
    const id = await logged(ann, bo.userId, addDays(today, -50));
    await closeWeekOf(addDays(today, -48));
    const proposal = (await remove(bo, id)).json().proposal.id as string;
    const withdraw = (who: Who) =>
      injectAs(t, who, { method: 'DELETE', url: `/api/one-to-ones/proposals/${proposal}` });
    expect((await withdraw(ann)).statusCode).toBe(403);
    expect((await withdraw(await signInAs(t.db, 'MEMBER'))).statusCode).toBe(404);
    expect((await withdraw(bo)).json().oneToOne).toMatchObject({ id, proposal: null });
    expect((await withdraw(bo)).statusCode).toBe(409);
    expect(await t.db.select().from(users).where(eq(users.id, ann.userId))).toHaveLength(1);
  });
});
