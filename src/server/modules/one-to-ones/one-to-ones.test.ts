import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/attendance/meeting-day';
import { todayIn } from '../../../domain/dates';
import { chapters, notifications, oneToOnes } from '../../db/schema';
import { makeReferral } from '../../test/factories';
import { expectRefusedBelow, injectAs, type Who } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
const today = todayIn();
const LONG_AGO = new Date('2020-01-01T12:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ buildOptions: { rateLimits: false } });
});
afterAll(() => t.close());

const member = (firstName: string, extra: object = {}) =>
  signInAs(t.db, 'MEMBER', { firstName, lastName: 'Test', createdAt: LONG_AGO, ...extra });
const log = (who: Who, payload: object) =>
  injectAs(t, who, { method: 'POST', url: '/api/one-to-ones', payload });
const meeting = (withMemberId: string, over: object = {}) => ({
  withMemberId,
  metOn: today,
  mode: 'in_person',
  place: 'Coffee on College Ave',
  minutes: 45,
  learned: 'Her best clients are new homeowners',
  ...over,
});
const summary = async (who: SignedIn) =>
  (await injectAs(t, who, { method: 'GET', url: '/api/one-to-ones/summary' })).json();
const rowsOfPair = async () => (await t.db.select({ n: count() }).from(oneToOnes))[0]!.n;
const toldOf = async (userId: string) =>
  t.db
    .select({ title: notifications.title, body: notifications.body, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'one_to_one')));

describe('logging a one-to-one', () => {
  it('counts it for both members at once and tells the other one', async () => {
    const ann = await member('Ann');
    const bo = await member('Bo');
    const res = await log(ann, meeting(bo.userId));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      metOn: today,
      mode: 'in_person',
      place: 'Coffee on College Ave',
      minutes: 45,
      status: 'held',
      loggedByMe: true,
      other: { id: bo.userId, name: 'Bo Test' },
    });
    expect(await summary(ann)).toMatchObject({ thisMonth: 1, lastSixMonths: 1, total: 1 });
    expect(await summary(bo)).toMatchObject({ thisMonth: 1, lastSixMonths: 1, total: 1 });
    expect(await toldOf(bo.userId)).toEqual([
      expect.objectContaining({
        title: 'A one-to-one with you was logged',
        link: '/dashboard?tab=referrals#panel-one-to-ones',
      }),
    ]);
    expect((await toldOf(bo.userId))[0]!.body).toContain('Ann Test logged a one-to-one with you');
    // Bo sees it from his side.
    const bos = (await injectAs(t, bo, { method: 'GET', url: '/api/one-to-ones' })).json();
    expect(bos.items).toEqual([
      expect.objectContaining({ loggedByMe: false, other: expect.objectContaining({ name: 'Ann Test' }) }),
    ]);
  });

  it('counts this month and the six-month window apart', async () => {
    const ann = await member('Ann');
    const bo = await member('Bo');
    const twoMonthsAgo = addDays(today, -62);
    const sevenMonthsAgo = addDays(today, -213);
    for (const metOn of [today, twoMonthsAgo, sevenMonthsAgo])
      expect((await log(ann, meeting(bo.userId, { metOn }))).statusCode).toBe(201);
    const expected = today.slice(0, 7) === twoMonthsAgo.slice(0, 7) ? 2 : 1;
    expect(await summary(bo)).toMatchObject({ thisMonth: expected, lastSixMonths: 2, total: 3 });
  });

  it('refuses bad input with the field message and writes nothing', async () => {
    const ann = await member('Ann');
    const bo = await member('Bo');
    const newcomer = await signInAs(t.db, 'MEMBER', { firstName: 'Nia', createdAt: new Date() });
    const guest = await signInAs(t.db, 'GUEST', { firstName: 'Gus' });
    const before = await rowsOfPair();
    const refused = async (payload: object, field: string, message: string) => {
      const res = await log(ann, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors[field]).toEqual([message]);
    };
    await refused(
      meeting(bo.userId, { metOn: addDays(today, 1) }),
      'metOn',
      'The date cannot be in the future',
    );
    await refused(
      meeting(newcomer.userId, { metOn: addDays(today, -3) }),
      'metOn',
      'The date cannot be before you both were members',
    );
    await refused(meeting(ann.userId), 'withMemberId', 'You cannot log a one-to-one with yourself');
    await refused(meeting(guest.userId), 'withMemberId', 'Choose a current member');
    await refused(meeting(bo.userId, { place: '' }), 'place', 'Say where you met');
    await refused(meeting(bo.userId, { minutes: 2 }), 'minutes', 'Enter the minutes, from 5 to 480');
    await refused(meeting(bo.userId, { mode: 'by pigeon' }), 'mode', 'Choose in person or online');
    expect((await log(ann, meeting(bo.userId, { status: 'held' }))).statusCode).toBe(400);
    expect(await rowsOfPair()).toBe(before);
    // Online needs no place; the newcomer's first day is fine.
    expect((await log(ann, meeting(bo.userId, { mode: 'online', place: null }))).statusCode).toBe(201);
    expect((await log(ann, meeting(newcomer.userId))).statusCode).toBe(201);
  });

  it('is refused to a stranger and a guest, with nothing written', async () => {
    const bo = await member('Bo');
    await expectRefusedBelow(
      t,
      'MEMBER',
      { method: 'POST', url: '/api/one-to-ones', payload: meeting(bo.userId) },
      rowsOfPair,
    );
  });

  it('is one one-to-one for the pair and date, logged from either side', async () => {
    const ann = await member('Ann');
    const bo = await member('Bo');
    const first = await log(ann, meeting(bo.userId));
    const second = await log(bo, meeting(ann.userId, { minutes: 90 }));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: first.json().id, minutes: 45, loggedByMe: false });
    expect(await summary(ann)).toMatchObject({ total: 1 });
    expect(await toldOf(ann.userId)).toEqual([]);
    expect(await toldOf(bo.userId)).toHaveLength(1);
  });

  it('stays one under 20 parallel logs from both sides', async () => {
    const ann = await member('Ann');
    const bo = await member('Bo');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? log(ann, meeting(bo.userId)) : log(bo, meeting(ann.userId)),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(19);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    expect(await summary(ann)).toMatchObject({ total: 1 });
    expect(await summary(bo)).toMatchObject({ total: 1 });
    expect((await toldOf(ann.userId)).length + (await toldOf(bo.userId)).length).toBe(1);
  });
});

describe('disputing a one-to-one', () => {
  it('removes the count for both, keeps it as disputed and tells the logger', async () => {
    const ann = await member('Ann');
    const bo = await member('Bo');
    const [windsor] = await t.db
      .insert(chapters)
      .values({ name: 'Windsor', slug: `windsor-${Date.now()}` })
      .returning();
    const outsider = await member('Cy', { chapterId: windsor!.id });
    const id = (await log(ann, meeting(bo.userId))).json().id as string;
    const dispute = (who: Who) =>
      injectAs(t, who, {
        method: 'POST',
        url: `/api/one-to-ones/${id}/dispute`,
        payload: { note: 'We never met' },
      });
    const state = async () => (await t.db.select().from(oneToOnes).where(eq(oneToOnes.id, id)))[0]!.status;

    // Not a party (another chapter): it does not exist for them. The logger may not dispute their own.
    expect((await dispute(outsider)).statusCode).toBe(404);
    expect((await injectAs(t, outsider, { method: 'GET', url: `/api/one-to-ones/${id}` })).statusCode).toBe(
      404,
    );
    const own = await dispute(ann);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Only the other member can say this one-to-one did not happen');
    await expectRefusedBelow(
      t,
      'MEMBER',
      { method: 'POST', url: `/api/one-to-ones/${id}/dispute`, payload: {} },
      state,
    );
    expect(await state()).toBe('held');

    const res = await dispute(bo);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'disputed', disputeNote: 'We never met' });
    expect(await summary(ann)).toMatchObject({ thisMonth: 0, total: 0 });
    expect(await summary(bo)).toMatchObject({ thisMonth: 0, total: 0 });
    expect(await toldOf(ann.userId)).toEqual([
      expect.objectContaining({ title: 'A one-to-one you logged was marked as not having happened' }),
    ]);
    expect((await dispute(bo)).statusCode).toBe(409);
    // Kept on both lists, as disputed.
    const anns = (await injectAs(t, ann, { method: 'GET', url: '/api/one-to-ones' })).json();
    expect(anns.items).toEqual([expect.objectContaining({ id, status: 'disputed' })]);
    // Logging the same pair and date again finds the disputed one: it still counts for neither.
    expect((await log(ann, meeting(bo.userId))).json()).toMatchObject({ id, status: 'disputed' });
  });

  it('crosses chapters: a member of another chapter may log one with me, and only we two see it', async () => {
    const ann = await member('Ann');
    const [loveland] = await t.db
      .insert(chapters)
      .values({ name: 'Loveland', slug: `loveland-${Date.now()}` })
      .returning();
    const lou = await member('Lou', { chapterId: loveland!.id });
    const stranger = await member('Sam', { chapterId: loveland!.id });
    const res = await log(lou, meeting(ann.userId));
    expect(res.statusCode).toBe(201);
    expect(await summary(ann)).toMatchObject({ total: 1 });
    const strangers = (await injectAs(t, stranger, { method: 'GET', url: '/api/one-to-ones' })).json();
    expect(strangers.items).toEqual([]);
  });
});

describe('who should I meet', () => {
  /** A new chapter, and a way to add a member of it with an industry and a joining time. */
  const newChapter = async (name: string) => {
    const [chapter] = await t.db
      .insert(chapters)
      .values({ name, slug: `${name.toLowerCase()}-${Date.now()}` })
      .returning();
    return (firstName: string, industry: string, createdAt: Date) =>
      member(firstName, { chapterId: chapter!.id, industry, createdAt });
  };

  it('lists my chapter members not met in six months, never met first, marking the industries that exchange referrals with mine', async () => {
    const inChapter = await newChapter('Greeley');
    const ann = await inChapter('Ann', 'Real Estate', LONG_AGO);
    const bo = await inChapter('Bo', 'Mortgage', new Date('2021-01-01T12:00:00Z'));
    const cy = await inChapter('Cy', 'Plumbing', new Date('2020-06-01T12:00:00Z'));
    const dee = await inChapter('Dee', 'Insurance', new Date('2022-01-01T12:00:00Z'));
    const ed = await inChapter('Ed', 'Roofing', new Date('2022-06-01T12:00:00Z'));
    await member('Far', { industry: 'Mortgage' }); // another chapter: never suggested
    // Ann met Bo this week (not suggested) and Dee eight months ago (suggested, after the never-met).
    await log(ann, meeting(bo.userId));
    await log(ann, meeting(dee.userId, { metOn: addDays(today, -240) }));
    // Approved referrals between Real Estate and Roofing (anywhere), a declined one with Plumbing (ignored).
    const outside = await member('Rae', { industry: 'Real Estate' });
    await makeReferral(t.db, { referrerId: outside.userId, recipientId: ed.userId }, { status: 'approved' });
    await makeReferral(t.db, { referrerId: cy.userId, recipientId: ann.userId }, { status: 'declined' });

    const res = await injectAs(t, ann, { method: 'GET', url: '/api/one-to-ones/suggestions' });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .items.map(
          (s: { member: { name: string }; exchangesWithMine: boolean; lastMetOn: string | null }) => [
            s.member.name,
            s.exchangesWithMine,
            s.lastMetOn,
          ],
        ),
    ).toEqual([
      ['Cy Test', false, null],
      ['Ed Test', true, null],
      ['Dee Test', false, addDays(today, -240)],
    ]);
    await expectRefusedBelow(
      t,
      'MEMBER',
      { method: 'GET', url: '/api/one-to-ones/suggestions' },
      async () => null,
    );
  });

  it('marks only the three industries that exchanged the most approved referrals with mine, either way, a tie by name', async () => {
    const inChapter = await newChapter('Windsor');
    const una = await inChapter('Una', 'Title Insurance', new Date('2019-01-01T12:00:00Z'));
    const rob = await inChapter('Rob', 'Solar', new Date('2020-01-01T12:00:00Z'));
    const ivy = await inChapter('Ivy', 'Bookkeeping', new Date('2020-02-01T12:00:00Z'));
    const max = await inChapter('Max', 'Landscaping', new Date('2020-03-01T12:00:00Z'));
    const pat = await inChapter('Pat', 'Pest Control', new Date('2020-04-01T12:00:00Z'));
    const rae = await member('Rae', { industry: 'Title Insurance' }); // my industry, another chapter
    const approved = (referrerId: string, recipientId: string) =>
      makeReferral(t.db, { referrerId, recipientId }, { status: 'approved' });
    // Solar 3 (from mine); Bookkeeping (to mine only), Landscaping (one each way) and Pest Control 2 each:
    // the tie for the last two marks goes by name, so Pest Control is left out.
    for (let i = 0; i < 3; i++) await approved(rae.userId, rob.userId);
    for (let i = 0; i < 2; i++) await approved(ivy.userId, rae.userId);
    await approved(rae.userId, max.userId);
    await approved(max.userId, una.userId);
    for (let i = 0; i < 2; i++) await approved(rae.userId, pat.userId);

    const res = await injectAs(t, una, { method: 'GET', url: '/api/one-to-ones/suggestions' });
    expect(
      res
        .json()
        .items.map((s: { member: { name: string }; exchangesWithMine: boolean }) => [
          s.member.name,
          s.exchangesWithMine,
        ]),
    ).toEqual([
      ['Rob Test', true],
      ['Ivy Test', true],
      ['Max Test', true],
      ['Pat Test', false],
    ]);
  });
});

describe('the export', () => {
  it('is a CSV of mine, one line each, formula-safe', async () => {
    const ann = await member('Ann');
    const bo = await member('Bo', { businessName: '=Bo LLC' });
    await log(ann, meeting(bo.userId, { nextStep: 'Intro to his lender' }));
    const res = await injectAs(t, ann, { method: 'GET', url: '/api/one-to-ones.csv' });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toEqual([
      'Date,Member,Business,How,Place,Minutes,Status,Logged by,What we learned,Next step',
      `${today},Bo Test,'=Bo LLC,In person,Coffee on College Ave,45,Counted,Me,Her best clients are new homeowners,Intro to his lender`,
    ]);
  });
});

describe('the reads', () => {
  it('are refused to a stranger and a guest', async () => {
    for (const url of [
      '/api/one-to-ones',
      '/api/one-to-ones/summary',
      '/api/one-to-ones/suggestions',
      '/api/one-to-ones/bookings',
      '/api/one-to-ones.csv',
    ])
      await expectRefusedBelow(t, 'MEMBER', { method: 'GET', url }, async () => null);
  });

  it('answers an unknown or malformed id as not found', async () => {
    const ann = await member('Ann');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await injectAs(t, ann, { method: 'GET', url: `/api/one-to-ones/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('One-to-one not found');
    }
  });
});
