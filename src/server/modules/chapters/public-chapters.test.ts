import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { chapters, industries, users } from '../../db/schema';
import { applicationPayload, makeMember } from '../../test/factories';
import { injectAs } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

/**
 * The public site with several chapters. Fort Collins (the first) and Loveland differ in
 * members, seats and meeting; every expected value is written from the rows below.
 */
/** Every statement the app sends, for the tests that prove an answer is kept. */
const sent: string[] = [];
let t: TestApp;
let a: string;
let b: string;
let adminA: SignedIn;
let adminB: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ buildOptions: { rateLimits: false }, onQuery: (q) => void sent.push(q) });
  const [first] = await t.db.select({ id: chapters.id }).from(chapters);
  a = first!.id;
  await t.db
    .update(chapters)
    .set({ name: 'Fort Collins', slug: 'fort-collins', meetingWeekday: 2, meetingTime: '07:00' })
    .where(eq(chapters.id, a));
  const [second] = await t.db
    .insert(chapters)
    .values({
      name: 'Loveland',
      slug: 'loveland',
      meetingWeekday: 3,
      meetingTime: '11:30',
      meetingPlace: 'Library',
    })
    .returning();
  b = second!.id;
  adminA = await signInAs(t.db, 'NETWORK_ADMIN', { firstName: 'Ada', lastName: 'Admin', chapterId: a });
  adminB = await signInAs(t.db, 'NETWORK_ADMIN', { firstName: 'Bo', lastName: 'Admin', chapterId: b });
  await makeMember(t.db, { firstName: 'Ann', lastName: 'Alpha', industry: 'Plumbing', chapterId: a });
  await makeMember(t.db, { firstName: 'Bea', lastName: 'Beta', industry: 'Roofing', chapterId: b });
  await makeMember(t.db, { role: 'GUEST', firstName: 'Gus', lastName: 'Guest', chapterId: b });
  await t.db.insert(industries).values([
    { name: 'Plumbing', chapterId: a },
    { name: 'Roofing', chapterId: b },
    { name: 'HVAC', chapterId: b },
    { name: 'accounting', chapterId: b },
  ]);
});
afterAll(() => t.close());

describe('public chapter pages', () => {
  it('lists every chapter with its meeting, members and open seats', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/chapters/public' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    expect(res.json()).toEqual([
      {
        name: 'Fort Collins',
        slug: 'fort-collins',
        meetingWeekday: 2,
        meetingTime: '07:00',
        meetingPlace: null,
        timeFormat: null,
        members: 2,
        openSeats: 0,
      },
      {
        name: 'Loveland',
        slug: 'loveland',
        meetingWeekday: 3,
        meetingTime: '11:30',
        meetingPlace: 'Library',
        timeFormat: null,
        members: 2,
        openSeats: 2,
      },
    ]);
  });

  it('shows one chapter with the industries whose seat is open there, and 404 for an unknown one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/chapters/public/loveland' });
    expect(res.json()).toMatchObject({
      name: 'Loveland',
      openSeats: 2,
      openSeatIndustries: ['accounting', 'HVAC'],
    });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/chapters/public/nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Chapter not found');
  });

  it("filters the directory by chapter and shows each member's chapter", async () => {
    const names = async (url: string) =>
      (await t.app.inject({ method: 'GET', url }))
        .json()
        .items.map((m: { firstName: string }) => m.firstName);
    expect(await names('/api/members?chapter=loveland')).toEqual(['Bea', 'Bo']);
    expect(await names('/api/members?chapter=fort-collins')).toEqual(['Ada', 'Ann']);
    expect(await names('/api/members?chapter=nowhere')).toEqual([]);
    expect(await names('/api/members?page=1')).toEqual(['Ada', 'Ann', 'Bea', 'Bo']);
    const bea = await t.app.inject({ method: 'GET', url: '/api/members/by-name/bea-beta' });
    expect(bea.json().chapter).toEqual({ name: 'Loveland', slug: 'loveland' });
  });

  it("moves a member's public card to their new chapter at once (the directory version moves)", async () => {
    const mover = await makeMember(t.db, { firstName: 'Max', lastName: 'Mover', chapterId: a });
    const inLoveland = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/members?chapter=loveland' }))
        .json()
        .items.map((m: { firstName: string }) => m.firstName);
    expect(await inLoveland()).not.toContain('Max');
    await t.db.update(users).set({ chapterId: b }).where(eq(users.id, mover.id));
    expect(await inLoveland()).toContain('Max');
    await t.db.update(users).set({ chapterId: a }).where(eq(users.id, mover.id));
  });
});

describe('public chapter answers kept per directory version', () => {
  const openSeats = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/chapters/public' }))
      .json()
      .map((c: { slug: string; openSeats: number }) => `${c.slug}:${c.openSeats}`);
  const loveland = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/chapters/public/loveland' })).json().openSeatIndustries;

  it('answers a second request without reading the chapters again', async () => {
    await openSeats();
    await loveland();
    sent.length = 0;
    await openSeats();
    await loveland();
    // At most the directory version is read (when the database's notices are not heard), never a chapter's rows.
    expect(sent.filter((q) => !/"directory_version"/.test(q))).toEqual([]);
  });

  it('moves when a chapter gains or loses an industry', async () => {
    expect(await openSeats()).toEqual(['fort-collins:0', 'loveland:2']);
    const [added] = await t.db.insert(industries).values({ name: 'Bakery', chapterId: a }).returning();
    expect(await openSeats()).toEqual(['fort-collins:1', 'loveland:2']);
    await t.db.delete(industries).where(eq(industries.id, added!.id));
    expect(await openSeats()).toEqual(['fort-collins:0', 'loveland:2']);
  });

  it('moves when a member takes or leaves a seat, and a guest never holds one', async () => {
    expect(await loveland()).toEqual(['accounting', 'HVAC']);
    const gus = await t.db.select({ id: users.id }).from(users).where(eq(users.firstName, 'Gus'));
    await t.db.update(users).set({ industry: 'hvac' }).where(eq(users.id, gus[0]!.id));
    expect(await loveland()).toEqual(['accounting', 'HVAC']);
    const bea = await t.db.select({ id: users.id }).from(users).where(eq(users.firstName, 'Bea'));
    await t.db.update(users).set({ industry: 'HVAC' }).where(eq(users.id, bea[0]!.id));
    expect(await loveland()).toEqual(['accounting', 'Roofing']);
    await t.db.update(users).set({ industry: 'Roofing' }).where(eq(users.id, bea[0]!.id));
    await t.db.update(users).set({ industry: null }).where(eq(users.id, gus[0]!.id));
    expect(await loveland()).toEqual(['accounting', 'HVAC']);
  });

  it("names each chapter's seat holders as the one-industry rule does", async () => {
    // Two members of Loveland in accounting: the first to join holds it; a guest who joined before them does not.
    const guest = await makeMember(t.db, {
      role: 'GUEST',
      firstName: 'Gia',
      lastName: 'Guest',
      industry: 'Accounting',
      chapterId: b,
    });
    const first = await makeMember(t.db, {
      firstName: 'Cal',
      lastName: 'Count',
      industry: 'ACCOUNTING',
      chapterId: b,
    });
    const second = await makeMember(t.db, {
      firstName: 'Dee',
      lastName: 'Debit',
      industry: 'accounting',
      chapterId: b,
    });
    await t.db
      .update(users)
      .set({ createdAt: new Date('2020-01-01') })
      .where(eq(users.id, guest.id));
    await t.db
      .update(users)
      .set({ createdAt: new Date('2021-01-01') })
      .where(eq(users.id, second.id));
    await t.db
      .update(users)
      .set({ createdAt: new Date('2022-01-01') })
      .where(eq(users.id, first.id));
    const rows = await selectRows<{ industry: string; holder: string; one: string }>(
      t.db,
      sql`select h.industry, h.holder, seat_holder(h.industry, ${b}::uuid) as one
          from chapter_seat_holders(${b}::uuid) h order by h.industry`,
    );
    const bea = await t.db.select({ id: users.id }).from(users).where(eq(users.firstName, 'Bea'));
    expect(rows.map((r) => [r.industry, r.holder])).toEqual([
      ['accounting', second.id],
      ['roofing', bea[0]!.id],
    ]);
    for (const row of rows) expect(row.one).toBe(row.holder);
    expect(await loveland()).toEqual(['HVAC']);
    await t.db.delete(users).where(eq(users.id, guest.id));
    await t.db.delete(users).where(eq(users.id, first.id));
    await t.db.delete(users).where(eq(users.id, second.id));
    expect(await loveland()).toEqual(['accounting', 'HVAC']);
  });
});

describe('referrals across chapters', () => {
  it("lets the picker find every chapter's members, naming the chapter of those in another", async () => {
    const res = await injectAs(t, adminA, { method: 'GET', url: '/api/members/active?q=beta' });
    expect(res.json().items).toEqual([
      expect.objectContaining({ firstName: 'Bea', lastName: 'Beta', chapterName: 'Loveland' }),
    ]);
    // Before anything is typed (the prepared first page): Ann is in the viewer's chapter, Bea is not.
    const first = await injectAs(t, adminA, { method: 'GET', url: '/api/members/active' });
    const chaptersOf = Object.fromEntries(
      first.json().items.map((m: { firstName: string; chapterName: string }) => [m.firstName, m.chapterName]),
    );
    expect(chaptersOf).toMatchObject({ Ann: null, Bea: 'Loveland' });
    // Seen from Loveland it is the other way round; the chosen member's own answer says the same.
    const fromB = await injectAs(t, adminB, { method: 'GET', url: '/api/members/active?q=alpha' });
    expect(fromB.json().items).toEqual([
      expect.objectContaining({ firstName: 'Ann', chapterName: 'Fort Collins' }),
    ]);
    const annId = fromB.json().items[0].id as string;
    const one = await injectAs(t, adminB, { method: 'GET', url: `/api/members/active/${annId}` });
    expect(one.json().chapterName).toBe('Fort Collins');
    const same = await injectAs(t, adminA, { method: 'GET', url: `/api/members/active/${annId}` });
    expect(same.json().chapterName).toBeNull();
  });
});

describe('applying to a chapter', () => {
  it("sends an application to the chosen chapter's reviewers only", async () => {
    const guest = await signInAs(t.db, 'GUEST', { firstName: 'Avery', lastName: 'Applicant' });
    const res = await injectAs(t, guest, {
      method: 'POST',
      url: '/api/applications',
      payload: { ...applicationPayload(), chapter: 'loveland' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const [row] = await selectRows<{ chapter_id: string }>(
      t.db,
      sql`select chapter_id from applications where id = ${id}`,
    );
    expect(row?.chapter_id).toBe(b);
    const [user] = await t.db
      .select({ chapterId: users.chapterId })
      .from(users)
      .where(eq(users.id, guest.userId));
    expect(user?.chapterId).toBe(b);

    const listed = async (who: SignedIn) =>
      (await injectAs(t, who, { method: 'GET', url: '/api/applications' }))
        .json()
        .open.map((x: { id: string }) => x.id);
    expect(await listed(adminB)).toContain(id);
    expect(await listed(adminA)).not.toContain(id);
    const told = await selectRows<{ user_id: string }>(
      t.db,
      sql`select user_id from notifications where kind = 'application_new' and link like ${`%${id}%`}`,
    );
    expect(told.map((n) => n.user_id)).toEqual([adminB.userId]);
  });

  it('refuses a chapter that does not exist and writes nothing', async () => {
    const guest = await signInAs(t.db, 'GUEST');
    const res = await injectAs(t, guest, {
      method: 'POST',
      url: '/api/applications',
      payload: { ...applicationPayload(), chapter: 'nowhere' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose the chapter you are applying to');
    const mine = await selectRows(t.db, sql`select id from applications where user_id = ${guest.userId}`);
    expect(mine).toEqual([]);
  });
});
