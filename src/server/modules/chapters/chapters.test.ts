import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { chapters, industries, networkSettings, users } from '../../db/schema';
import { makeAttendance, makeMember } from '../../test/factories';
import { expectRefusedBelow, injectAs } from '../../test/requests';
import { createTestApp, type SignedIn, sessionFor, signInAs, type TestApp } from '../../test/test-app';

/**
 * Chapters as a model. Two chapters, A (the first, today's network) and B; every expected
 * value below is written from the rules, not read back from the code.
 */
let t: TestApp;
let chapterA: string;
let chapterB: string;
let adminA: SignedIn;
let memberA: SignedIn;
let memberB: SignedIn;
let agency: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ buildOptions: { rateLimits: false } });
  const [first] = await t.db.select({ id: chapters.id }).from(chapters);
  chapterA = first!.id;
  const [b] = await t.db.insert(chapters).values({ name: 'Loveland', slug: 'loveland' }).returning();
  chapterB = b!.id;
  adminA = await signInAs(t.db, 'NETWORK_ADMIN', { firstName: 'Ada', lastName: 'Admin' });
  memberA = await signInAs(t.db, 'MEMBER', { firstName: 'Abe', lastName: 'Alpha', industry: 'Plumbing' });
  memberB = await signInAs(t.db, 'MEMBER', {
    firstName: 'Bea',
    lastName: 'Beta',
    industry: 'Plumbing',
    chapterId: chapterB,
  });
  agency = await signInAs(t.db, 'AGENCY_ADMIN', { firstName: 'Ag', lastName: 'Ency' });
});
afterAll(() => t.close());

const get = (who: SignedIn, url: string) => injectAs(t, who, { method: 'GET', url });

describe('chapters, part 1', () => {
  it('puts a new account in the first chapter unless told otherwise', async () => {
    const rows = await selectRows<{ id: string; chapter_id: string }>(
      t.db,
      sql`select id, chapter_id from users where id in (${memberA.userId}, ${memberB.userId}, ${agency.userId})`,
    );
    const chapterOf = (id: string) => rows.find((r) => r.id === id)?.chapter_id;
    expect(chapterOf(memberA.userId)).toBe(chapterA);
    expect(chapterOf(memberB.userId)).toBe(chapterB);
    expect(chapterOf(agency.userId)).toBe(chapterA);
  });

  it('lets a referral cross chapters: both parties see it and both are credited', async () => {
    const give = await injectAs(t, memberA, {
      method: 'POST',
      url: '/api/referrals/give',
      payload: {
        toMemberId: memberB.userId,
        amount: '250.00',
        saleDate: '2026-11-02',
        customerName: 'Cross Co',
      },
    });
    expect(give.statusCode).toBe(201);
    const id = give.json().id as string;
    const seenByB = await get(memberB, '/api/referrals');
    expect(seenByB.json().items.map((r: { id: string }) => r.id)).toContain(id);
    const approve = await injectAs(t, memberB, {
      method: 'PATCH',
      url: `/api/referrals/${id}/status`,
      payload: { status: 'approved' },
    });
    expect(approve.statusCode).toBe(200);
    expect((await get(memberA, '/api/referrals/metrics')).json().referralsGiven).toBe(1);
    expect((await get(memberB, '/api/referrals/metrics')).json().referralsReceived).toBe(1);
  });

  it("lists every chapter's members to pick a referral's party, and only the caller's to mark a meeting", async () => {
    const names = async (url: string) =>
      (await get(adminA, url)).json().items.map((m: { firstName: string }) => m.firstName) as string[];
    expect(await names('/api/members/active?limit=200')).toEqual(expect.arrayContaining(['Abe', 'Bea']));
    const mine = await names('/api/members/active?limit=200&chapter=mine');
    expect(mine).toContain('Abe');
    expect(mine).not.toContain('Bea');
    expect(await names('/api/members/active?q=beta&chapter=mine')).toEqual([]);
    expect(await names('/api/members/active?q=beta')).toEqual(['Bea']);
  });

  it('counts the roster per chapter: a network admin their own, the agency admin every chapter', async () => {
    const [all] = await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from users`);
    const [inA] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where chapter_id = ${chapterA}`,
    );
    expect(inA!.n).toBe(all!.n - 1);
    const roster = (await get(adminA, '/api/users')).json();
    expect(roster.total).toBe(inA!.n);
    expect(roster.items.map((u: { id: string }) => u.id)).not.toContain(memberB.userId);
    expect((await get(agency, '/api/users')).json().total).toBe(all!.n);
    // Filtered, the count is the chapter's too.
    expect((await get(adminA, '/api/users?q=beta')).json().total).toBe(0);
    expect((await get(agency, '/api/users?q=beta')).json().total).toBe(1);
  });

  it('keeps seats per chapter: the same industry has a holder in each', async () => {
    await t.db.insert(industries).values([
      { name: 'Plumbing', chapterId: chapterA },
      { name: 'Plumbing', chapterId: chapterB },
    ]);
    const plumbing = (list: { name: string; seatHolder: string | null; memberCount: number }[]) =>
      list.filter((i) => i.name === 'Plumbing').map((i) => `${i.seatHolder} (${i.memberCount})`);
    expect(plumbing((await get(adminA, '/api/industries')).json())).toEqual(['Abe Alpha (1)']);
    expect(plumbing((await get(agency, '/api/industries')).json()).sort()).toEqual([
      'Abe Alpha (1)',
      'Bea Beta (1)',
    ]);
    // The public list is one chapter's: the first's by default, another's by its slug.
    const publicNames = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/industries/public${query}` })).json();
    expect(await publicNames('')).toHaveLength(1);
    expect(await publicNames('?chapter=loveland')).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/industries/public?chapter=nowhere' })).statusCode,
    ).toBe(404);
  });

  it("resolves dues chapter -> agency -> built-in, and writes the network admin's own chapter", async () => {
    const dues = async (who: SignedIn) => (await get(who, '/api/settings/network')).json();
    await t.db.delete(networkSettings);
    expect(await dues(memberB)).toEqual({ defaultAnnualDues: null, effectiveDefaultDues: '400.00' });
    await t.db.insert(networkSettings).values({ id: 1, defaultAnnualDues: '450.00' });
    expect(await dues(memberB)).toEqual({ defaultAnnualDues: '450.00', effectiveDefaultDues: '450.00' });
    const put = await injectAs(t, adminA, {
      method: 'PUT',
      url: '/api/settings/network/dues',
      payload: { defaultAnnualDues: '525.50' },
    });
    expect(put.statusCode).toBe(200);
    expect(await dues(memberA)).toEqual({ defaultAnnualDues: '525.50', effectiveDefaultDues: '525.50' });
    // Chapter B still falls back to the agency's default.
    expect(await dues(memberB)).toEqual({ defaultAnnualDues: '450.00', effectiveDefaultDues: '450.00' });
    const [a] = await t.db.select().from(chapters).where(eq(chapters.id, chapterA));
    expect(a!.defaultAnnualDues).toBe('525.50');
  });

  it("counts absences against the member's own limit, else the chapter's, else the agency's, else 4", async () => {
    const leader = await sessionFor(t.db, agency.userId);
    const absentB = await makeMember(t.db, { chapterId: chapterB, firstName: 'Lim', lastName: 'It' });
    await makeAttendance(t.db, absentB.id, {
      meetingDate: new Date(Date.now() - 8 * 86_400_000).toISOString().slice(0, 10),
      status: 'absent',
    });
    const remaining = async () =>
      (await get(leader, `/api/attendance/stats/${absentB.id}`)).json() as {
        missedMeetingLimit: number;
        missedRemaining: number;
      };
    await t.db.update(networkSettings).set({ missedMeetingLimit: null });
    expect(await remaining()).toMatchObject({ missedMeetingLimit: 4, missedRemaining: 3 });
    await t.db.update(networkSettings).set({ missedMeetingLimit: 6 });
    expect(await remaining()).toMatchObject({ missedMeetingLimit: 6, missedRemaining: 5 });
    await t.db.update(chapters).set({ missedMeetingLimit: 2 }).where(eq(chapters.id, chapterB));
    expect(await remaining()).toMatchObject({ missedMeetingLimit: 2, missedRemaining: 1 });
    await t.db.update(users).set({ missedMeetingLimit: 3 }).where(eq(users.id, absentB.id));
    expect(await remaining()).toMatchObject({ missedMeetingLimit: 3, missedRemaining: 2 });
  });

  it("refuses an import row naming another chapter's account, and changes nothing", async () => {
    const csv = `Email,First Name,Last Name\n${(await t.db.select().from(users).where(eq(users.id, memberB.userId)))[0]!.email},Renamed,Person\n`;
    const preview = await injectAs(t, adminA, {
      method: 'POST',
      url: '/api/imports/members/preview',
      payload: csv,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().rows[0].errors).toEqual([expect.stringMatching(/belongs to another chapter$/)]);
    const [b] = await t.db.select().from(users).where(eq(users.id, memberB.userId));
    expect(b!.firstName).toBe('Bea');
  });

  it("sets the chapter's attendance limit (once 'Coming Soon'): validated, audited, its own chapter's", async () => {
    const adminB = await signInAs(t.db, 'NETWORK_ADMIN', { chapterId: chapterB });
    const limitOf = async (who: SignedIn) =>
      (await get(who, '/api/settings/network/attendance-limit')).json();
    await t.db.update(networkSettings).set({ missedMeetingLimit: null });
    await t.db.update(chapters).set({ missedMeetingLimit: null });
    expect(await limitOf(adminA)).toEqual({ missedMeetingLimit: null, effectiveMissedMeetingLimit: 4 });
    const put = (who: SignedIn, missedMeetingLimit: unknown) =>
      injectAs(t, who, {
        method: 'PUT',
        url: '/api/settings/network/attendance-limit',
        payload: { missedMeetingLimit },
      });
    for (const bad of [0, 53, 2.5, 'three', '']) {
      const res = await put(adminA, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toBe('Please enter a whole number of meetings from 1 to 52');
    }
    await expectRefusedBelow(
      t,
      'NETWORK_ADMIN',
      { method: 'PUT', url: '/api/settings/network/attendance-limit', payload: { missedMeetingLimit: 2 } },
      () => t.db.select().from(chapters),
    );
    const saved = await put(adminA, '3');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ missedMeetingLimit: 3, effectiveMissedMeetingLimit: 3 });
    expect(await limitOf(adminB)).toEqual({ missedMeetingLimit: null, effectiveMissedMeetingLimit: 4 });
    const stats = (await get(agency, `/api/attendance/stats/${memberA.userId}`)).json();
    expect(stats.missedMeetingLimit).toBe(3);
    const logOf = async (who: SignedIn) =>
      (await get(who, '/api/settings/audit-log')).json().items.map((e: { summary: string }) => e.summary);
    expect(await logOf(adminA)).toContain(
      'Default attendance limit changed from the standard limit to 3 meetings',
    );
    expect(await logOf(adminB)).not.toContain(
      'Default attendance limit changed from the standard limit to 3 meetings',
    );
  });
});
