import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters, industries, users } from '../../db/schema';
import { makeApplication, makeAttendance, makeMember, makeReferral } from '../../test/factories';
import { expectRefusedBelow, injectAs } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';
import { agencyOverview } from './agency-overview';

/**
 * The agency overview. Two chapters whose figures differ in each column; every number below is
 * counted by hand from the rows this file writes, for "today" 2026-11-26.
 */
/** Every statement the app sends. */
const sent: string[] = [];
let t: TestApp;
let a: string;
let b: string;
let agency: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ buildOptions: { rateLimits: false }, onQuery: (q) => void sent.push(q) });
  const [first] = await t.db.select({ id: chapters.id }).from(chapters);
  a = first!.id;
  await t.db.update(chapters).set({ name: 'Fort Collins', slug: 'fort-collins' }).where(eq(chapters.id, a));
  const [second] = await t.db.insert(chapters).values({ name: 'Loveland', slug: 'loveland' }).returning();
  b = second!.id;
  agency = await signInAs(t.db, 'AGENCY_ADMIN', { firstName: 'Ag', lastName: 'Ency' });

  // A: the agency admin + 2 members (+1 guest, not counted); B: 1 member.
  const ann = await makeMember(t.db, { firstName: 'Ann', industry: 'Plumbing', chapterId: a });
  const abe = await makeMember(t.db, { firstName: 'Abe', chapterId: a });
  const guest = await makeMember(t.db, { role: 'GUEST', firstName: 'Gus', chapterId: a });
  const bea = await makeMember(t.db, { firstName: 'Bea', industry: 'Roofing', chapterId: b });
  // Seats: A has Plumbing (held by Ann) and Painting (open); B has Roofing (held), HVAC and Legal (open).
  await t.db.insert(industries).values([
    { name: 'Plumbing', chapterId: a },
    { name: 'Painting', chapterId: a },
    { name: 'Roofing', chapterId: b },
    { name: 'HVAC', chapterId: b },
    { name: 'Legal', chapterId: b },
  ]);
  await makeApplication(t.db, guest.id, { chapterId: a });
  // Attendance in A over the window: 3 present, 1 absent, 1 excused (75%); one present before the window.
  for (const [memberId, meetingDate, status] of [
    [ann.id, '2026-11-03', 'present'],
    [abe.id, '2026-11-03', 'absent'],
    [ann.id, '2026-11-10', 'present'],
    [abe.id, '2026-11-10', 'present'],
    [ann.id, '2026-11-17', 'excused'],
    [ann.id, '2026-04-07', 'absent'],
  ] as const) {
    await makeAttendance(t.db, memberId, { meetingDate, status });
  }
  // Referrals: A->B approved in Nov ($300, counts in both), A->A approved in Oct ($50, A once),
  // A->B pending and declined (nowhere), A->B approved in April (before the months shown).
  await makeReferral(
    t.db,
    { referrerId: ann.id, recipientId: bea.id },
    { status: 'approved', amount: '300.00', saleDate: '2026-11-02' },
  );
  await makeReferral(
    t.db,
    { referrerId: ann.id, recipientId: abe.id },
    { status: 'approved', amount: '50.00', saleDate: '2026-10-15' },
  );
  await makeReferral(
    t.db,
    { referrerId: ann.id, recipientId: bea.id },
    { status: 'pending', amount: '999.00', saleDate: '2026-11-05' },
  );
  await makeReferral(
    t.db,
    { referrerId: abe.id, recipientId: bea.id },
    { status: 'declined', amount: '999.00', saleDate: '2026-11-05' },
  );
  await makeReferral(
    t.db,
    { referrerId: ann.id, recipientId: bea.id },
    { status: 'approved', amount: '999.00', saleDate: '2026-04-30' },
  );
});
afterAll(() => t.close());

describe('the agency overview', () => {
  it('puts every chapter side by side with its own figures', async () => {
    const overview = await agencyOverview(t.db, '2026-11-26');
    expect(overview.months).toEqual([
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
    ]);
    expect(overview.chapters).toEqual([
      {
        id: a,
        name: 'Fort Collins',
        slug: 'fort-collins',
        members: 3,
        openSeats: 1,
        pendingApplications: 1,
        attendanceRate: 75,
        referrals: [0, 0, 0, 0, 0, 1, 1],
        revenue: ['0.00', '0.00', '0.00', '0.00', '0.00', '50.00', '300.00'],
      },
      {
        id: b,
        name: 'Loveland',
        slug: 'loveland',
        members: 1,
        openSeats: 2,
        pendingApplications: 0,
        attendanceRate: null,
        referrals: [0, 0, 0, 0, 0, 0, 1],
        revenue: ['0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '300.00'],
      },
    ]);
  });

  it("reads the kept months and counts, never the network's referrals or members: two statements", async () => {
    sent.length = 0;
    await agencyOverview(t.db, '2026-11-26');
    expect(sent).toHaveLength(2);
    expect(sent.filter((q) => /\b(from|join)\s+"?(referrals|users)"?(\s|$)/i.test(q))).toEqual([]);
    expect(sent.some((q) => /from chapter_user_totals/.test(q))).toBe(true);
    expect(sent.some((q) => /from chapter_month_totals/.test(q))).toBe(true);
  });

  it('is for agency administrators only, as JSON and as a CSV', async () => {
    const ok = await injectAs(t, agency, { method: 'GET', url: '/api/agency/overview' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().chapters.map((c: { name: string }) => c.name)).toEqual(['Fort Collins', 'Loveland']);
    const csv = await injectAs(t, agency, { method: 'GET', url: '/api/agency/overview.csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, fortCollins] = csv.body.replace(/^\uFEFF/, '').split('\n');
    expect(header).toMatch(
      /^Chapter,Members,Open seats,Pending applications,Attendance rate \(%\),Referrals /,
    );
    expect(fortCollins).toMatch(/^Fort Collins,3,1,1,75,/);
    const nothing = async () => 'read-only';
    await expectRefusedBelow(t, 'AGENCY_ADMIN', { method: 'GET', url: '/api/agency/overview' }, nothing);
    await expectRefusedBelow(t, 'AGENCY_ADMIN', { method: 'GET', url: '/api/agency/overview.csv' }, nothing);
  });
});

describe("the overview's months follow members who move or leave", () => {
  /** Each chapter's November: [referrals, revenue], as the overview shows it. */
  const november = async () =>
    Object.fromEntries(
      (await agencyOverview(t.db, '2026-11-26')).chapters.map((c) => [
        c.name,
        [c.referrals[6], c.revenue[6]],
      ]),
    );

  it('counts a referral once in a chapter holding both parties, in both when they are apart', async () => {
    const [abe] = await t.db.select({ id: users.id }).from(users).where(eq(users.firstName, 'Abe'));
    const cat = await makeMember(t.db, { firstName: 'Cat', chapterId: b });
    const ref = { referrerId: cat.id, recipientId: abe!.id };
    await makeReferral(t.db, ref, { status: 'approved', amount: '20.00', saleDate: '2026-11-20' });
    expect(await november()).toEqual({ 'Fort Collins': [2, '320.00'], Loveland: [2, '320.00'] });
    // Cat joins Abe's chapter: the referral is Fort Collins' alone.
    await t.db.update(users).set({ chapterId: a }).where(eq(users.id, cat.id));
    expect(await november()).toEqual({ 'Fort Collins': [2, '320.00'], Loveland: [1, '300.00'] });
    await t.db.update(users).set({ chapterId: b }).where(eq(users.id, cat.id));
    expect(await november()).toEqual({ 'Fort Collins': [2, '320.00'], Loveland: [2, '320.00'] });
    // Cat leaves: the referral stays Abe's, so it leaves Loveland only.
    await t.db.delete(users).where(eq(users.id, cat.id));
    expect(await november()).toEqual({ 'Fort Collins': [2, '320.00'], Loveland: [1, '300.00'] });
  });

  it('keeps a removed member’s referral in their chapter while the other party is there', async () => {
    const [abe] = await t.db.select({ id: users.id }).from(users).where(eq(users.firstName, 'Abe'));
    const dan = await makeMember(t.db, { firstName: 'Dan', chapterId: a });
    const ref = { referrerId: dan.id, recipientId: abe!.id };
    await makeReferral(t.db, ref, { status: 'approved', amount: '5.00', saleDate: '2026-11-21' });
    expect(await november()).toEqual({ 'Fort Collins': [3, '325.00'], Loveland: [1, '300.00'] });
    await t.db.delete(users).where(eq(users.id, dan.id));
    expect(await november()).toEqual({ 'Fort Collins': [3, '325.00'], Loveland: [1, '300.00'] });
  });
});
