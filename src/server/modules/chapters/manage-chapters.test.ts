import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { attendanceMeetingTotals, chapters, users } from '../../db/schema';
import { makeAttendance, makeMember, makeReferral } from '../../test/factories';
import { expectRefusedBelow, injectAs } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

/**
 * The agency administrator's Chapters tab and acting in one chapter. Expected values
 * are written from the rules: a chapter created by name, settings null = the agency's, a member moved with
 * their history (seat freed, referrals theirs).
 */
let t: TestApp;
let chapterA: string;
let agency: SignedIn;
let adminA: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ buildOptions: { rateLimits: false } });
  const [first] = await t.db.select({ id: chapters.id }).from(chapters);
  chapterA = first!.id;
  await t.db
    .update(chapters)
    .set({ name: 'Fort Collins', slug: 'fort-collins' })
    .where(eq(chapters.id, chapterA));
  agency = await signInAs(t.db, 'AGENCY_ADMIN', { firstName: 'Ag', lastName: 'Ency' });
  adminA = await signInAs(t.db, 'NETWORK_ADMIN', { firstName: 'Ada', lastName: 'Admin' });
});
afterAll(() => t.close());

const as = (who: SignedIn, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  injectAs(t, who, { method, url, ...(payload ? { payload } : {}) });
const chapterCount = async () => (await t.db.select({ id: chapters.id }).from(chapters)).length;

async function createChapter(name: string, more: object = {}) {
  const res = await as(agency, 'POST', '/api/chapters', { name, meetingWeekday: 2, ...more });
  expect(res.statusCode, res.body).toBe(201);
  const made = res.json().chapters.find((c: { name: string }) => c.name === name);
  return made as { id: string; slug: string };
}

describe('the Chapters tab', () => {
  it('creates a chapter with a slug from its name, its own settings and the rest following the agency', async () => {
    const res = await as(agency, 'POST', '/api/chapters', {
      name: '  Loveland   Builders ',
      meetingWeekday: 3,
      meetingTime: '07:00',
      meetingPlace: 'Loveland Library',
      defaultAnnualDues: '450',
    });
    expect(res.statusCode).toBe(201);
    const loveland = res.json().chapters.find((c: { name: string }) => c.name === 'Loveland Builders');
    expect(loveland).toMatchObject({
      slug: 'loveland-builders',
      meetingWeekday: 3,
      meetingTime: '07:00',
      meetingPlace: 'Loveland Library',
      defaultAnnualDues: '450.00',
      missedMeetingLimit: null,
      timeZone: null,
      memberCount: 0,
      admins: [],
    });
    expect(res.json().agencyDefaults).toEqual({
      timeZone: 'America/Denver',
      defaultAnnualDues: '400.00',
      defaultCommissionPercent: null,
      missedMeetingLimit: 4,
    });
  });

  it('refuses a second chapter of the same name, an empty name and a bad setting, creating nothing', async () => {
    await createChapter('Greeley');
    const before = await chapterCount();
    const same = await as(agency, 'POST', '/api/chapters', { name: 'greeley', meetingWeekday: 1 });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('A chapter named "greeley" already exists');
    const empty = await as(agency, 'POST', '/api/chapters', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.name).toEqual(['Chapter name is required']);
    const badTime = await as(agency, 'POST', '/api/chapters', { name: 'Windsor', meetingTime: '25:00' });
    expect(badTime.json().fieldErrors.meetingTime).toEqual([
      'Enter the meeting time as HH:MM, for example 07:00',
    ]);
    const badZone = await as(agency, 'POST', '/api/chapters', { name: 'Windsor', timeZone: 'Mars/Olympus' });
    expect(badZone.json().fieldErrors.timeZone).toEqual(['Choose a time zone such as America/Denver']);
    const badLimit = await as(agency, 'POST', '/api/chapters', { name: 'Windsor', missedMeetingLimit: 0 });
    expect(badLimit.json().fieldErrors.missedMeetingLimit).toEqual([
      'Please enter a whole number of meetings from 1 to 52',
    ]);
    // The day it meets is asked when it is created, and cannot be taken away: no day is invented for it.
    const noDay = await as(agency, 'POST', '/api/chapters', { name: 'Windsor' });
    expect(noDay.statusCode).toBe(400);
    expect(noDay.json().fieldErrors.meetingWeekday).toEqual(['Choose a meeting day']);
    const emptyDay = await as(agency, 'POST', '/api/chapters', { name: 'Windsor', meetingWeekday: '' });
    expect(emptyDay.json().fieldErrors.meetingWeekday).toEqual(['Choose a meeting day']);
    expect(await chapterCount()).toBe(before);
    const greeley = (await as(agency, 'GET', '/api/chapters'))
      .json()
      .chapters.find((c: { name: string }) => c.name === 'Greeley');
    const unset = await as(agency, 'PATCH', `/api/chapters/${greeley.id}`, { meetingWeekday: null });
    expect(unset.statusCode).toBe(400);
    expect(unset.json().fieldErrors.meetingWeekday).toEqual(['Choose a meeting day']);
  });

  it('lets only an agency administrator list, create or change chapters', async () => {
    const estes = await createChapter('Estes Park');
    await expectRefusedBelow(t, 'AGENCY_ADMIN', { method: 'GET', url: '/api/chapters' }, chapterCount);
    await expectRefusedBelow(
      t,
      'AGENCY_ADMIN',
      { method: 'POST', url: '/api/chapters', payload: { name: 'X', meetingWeekday: 2 } },
      chapterCount,
    );
    const nameOf = async () =>
      (await t.db.select({ name: chapters.name }).from(chapters).where(eq(chapters.id, estes.id)))[0]?.name;
    await expectRefusedBelow(
      t,
      'AGENCY_ADMIN',
      { method: 'PATCH', url: `/api/chapters/${estes.id}`, payload: { name: 'Renamed' } },
      nameOf,
    );
    expect(await nameOf()).toBe('Estes Park');
  });

  it('renames a chapter keeping its slug, and puts a setting back on the agency default with null', async () => {
    const c = await createChapter('Berthoud', { missedMeetingLimit: 3 });
    const res = await as(agency, 'PATCH', `/api/chapters/${c.id}`, {
      name: 'Berthoud Business',
      missedMeetingLimit: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().chapters.find((x: { id: string }) => x.id === c.id)).toMatchObject({
      name: 'Berthoud Business',
      slug: 'berthoud',
      missedMeetingLimit: null,
    });
    const unknown = await as(agency, 'PATCH', '/api/chapters/00000000-0000-4000-8000-000000000000', {
      name: 'Z',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Chapter not found');
  });

  it('writes times the way the chapter chose: 12-hour unless it picks 24-hour', async () => {
    const c = await createChapter('Eaton', { meetingTime: '18:30' });
    const listed = async () =>
      (await as(agency, 'GET', '/api/chapters')).json().chapters.find((x: { id: string }) => x.id === c.id);
    expect((await listed()).timeFormat).toBeNull();
    const bad = await as(agency, 'PATCH', `/api/chapters/${c.id}`, { timeFormat: '36h' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.timeFormat).toEqual(['Choose 12-hour or 24-hour times']);
    expect((await listed()).timeFormat).toBeNull();
    const ok = await as(agency, 'PATCH', `/api/chapters/${c.id}`, { timeFormat: '24h' });
    expect(ok.statusCode).toBe(200);
    expect((await listed()).timeFormat).toBe('24h');
    const pub = await as(agency, 'GET', '/api/chapters/public');
    expect(pub.json().find((x: { slug: string }) => x.slug === c.slug)).toMatchObject({ timeFormat: '24h' });
  });

  it("assigns a chapter's network administrators from its own members only", async () => {
    const c = await createChapter('Wellington');
    const inside = await makeMember(t.db, { firstName: 'Wes', lastName: 'Well', chapterId: c.id });
    const outside = await makeMember(t.db, { firstName: 'Otto', lastName: 'Out' });
    const refused = await as(agency, 'POST', `/api/chapters/${c.id}/admins`, { userId: outside.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('That member does not belong to this chapter');
    const roleOf = async (id: string) =>
      (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;
    expect(await roleOf(outside.id)).toBe('MEMBER');

    const members = await as(agency, 'GET', `/api/chapters/${c.id}/members`);
    expect(members.json()).toEqual([{ id: inside.id, name: 'Wes Well', role: 'MEMBER' }]);
    await expectRefusedBelow(
      t,
      'AGENCY_ADMIN',
      { method: 'GET', url: `/api/chapters/${c.id}/members` },
      chapterCount,
    );

    const made = await as(agency, 'POST', `/api/chapters/${c.id}/admins`, { userId: inside.id });
    expect(made.statusCode).toBe(200);
    expect(made.json().chapters.find((x: { id: string }) => x.id === c.id).admins).toEqual([
      { id: inside.id, name: 'Wes Well', email: inside.email },
    ]);
    expect(await roleOf(inside.id)).toBe('NETWORK_ADMIN');
    const removed = await as(agency, 'DELETE', `/api/chapters/${c.id}/admins/${inside.id}`);
    expect(removed.json().chapters.find((x: { id: string }) => x.id === c.id).admins).toEqual([]);
    expect(await roleOf(inside.id)).toBe('MEMBER');
    await expectRefusedBelow(
      t,
      'AGENCY_ADMIN',
      { method: 'POST', url: `/api/chapters/${c.id}/admins`, payload: { userId: inside.id } },
      () => roleOf(inside.id),
    );
  });
});

describe('moving a member to another chapter', () => {
  it('takes their history along, frees their seat and leaves their referrals theirs', async () => {
    const to = await createChapter('Timnath');
    const mover = await makeMember(t.db, { firstName: 'Mo', lastName: 'Ver', industry: 'Roofing' });
    const partner = await makeMember(t.db, { firstName: 'Pa', lastName: 'Rtner' });
    await makeAttendance(t.db, mover.id, { meetingDate: '2026-10-06', status: 'present' });
    await makeReferral(t.db, { referrerId: mover.id, recipientId: partner.id }, { status: 'approved' });

    const res = await as(agency, 'POST', `/api/users/${mover.id}/chapter`, { chapterId: to.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ chapterId: to.id, industryCleared: false });

    const [user] = await t.db.select().from(users).where(eq(users.id, mover.id));
    expect(user).toMatchObject({ chapterId: to.id, industry: 'Roofing' });
    const records = await selectRows<{ chapter_id: string }>(
      t.db,
      sql`select chapter_id from attendance_records where member_id = ${mover.id}`,
    );
    expect(records).toEqual([{ chapter_id: to.id }]);
    const totals = await t.db
      .select()
      .from(attendanceMeetingTotals)
      .where(eq(attendanceMeetingTotals.meetingDate, '2026-10-06'));
    expect(totals.map((r) => [r.chapterId, r.present])).toEqual([[to.id, 1]]);
    // The seat in the old chapter is free: the industry list there shows no holder for Roofing.
    const seat = await selectRows<{ holder: string | null }>(
      t.db,
      sql`select seat_holder('Roofing', ${chapterA}::uuid) as holder`,
    );
    expect(seat).toEqual([{ holder: null }]);
    const referrals = await selectRows<{ referrer_id: string }>(
      t.db,
      sql`select referrer_id from referrals where reporter_id = ${partner.id}`,
    );
    expect(referrals).toEqual([{ referrer_id: mover.id }]);

    // The old chapter's administrator no longer finds them; the audit log of each chapter tells it.
    expect((await as(adminA, 'GET', `/api/users/${mover.id}`)).statusCode).toBe(404);
    const audit = await selectRows<{ chapter_id: string }>(
      t.db,
      sql`select chapter_id from audit_log where action = 'user.chapter_moved' and subject = 'Mo Ver' order by chapter_id`,
    );
    expect(audit.map((a) => a.chapter_id).sort()).toEqual([chapterA, to.id].sort());
  });

  it('clears their industry when its seat is taken in the new chapter', async () => {
    const to = await createChapter('Johnstown');
    await makeMember(t.db, { firstName: 'Hol', lastName: 'Der', industry: 'Painting', chapterId: to.id });
    const mover = await makeMember(t.db, { firstName: 'Pai', lastName: 'Nter', industry: 'Painting' });
    const res = await as(agency, 'POST', `/api/users/${mover.id}/chapter`, { chapterId: to.id });
    expect(res.json()).toEqual({ chapterId: to.id, industryCleared: true });
    const [user] = await t.db.select().from(users).where(eq(users.id, mover.id));
    expect(user).toMatchObject({ chapterId: to.id, industry: null });
  });

  it('refuses an unknown chapter, the same chapter, and everyone but an agency administrator', async () => {
    const to = await createChapter('Severance');
    const member = await makeMember(t.db, { firstName: 'Stay', lastName: 'Put' });
    const chapterOf = async () =>
      (await t.db.select({ c: users.chapterId }).from(users).where(eq(users.id, member.id)))[0]?.c;
    const unknown = await as(agency, 'POST', `/api/users/${member.id}/chapter`, {
      chapterId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Chapter not found');
    const same = await as(agency, 'POST', `/api/users/${member.id}/chapter`, { chapterId: chapterA });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('The member already belongs to that chapter');
    await expectRefusedBelow(
      t,
      'AGENCY_ADMIN',
      { method: 'POST', url: `/api/users/${member.id}/chapter`, payload: { chapterId: to.id } },
      chapterOf,
    );
    expect(await chapterOf()).toBe(chapterA);
  });
});

describe('acting in a chapter', () => {
  it("narrows an agency administrator's dashboard to the chapter they pick, and lands their writes there", async () => {
    const c = await createChapter('Milliken');
    await makeMember(t.db, { firstName: 'Mil', lastName: 'Member', chapterId: c.id });
    const roster = async (headers: Record<string, string>) =>
      (await injectAs(t, agency, { method: 'GET', url: '/api/users?q=Mil', headers })).json();
    expect((await roster({})).items.map((u: { firstName: string }) => u.firstName)).toEqual(['Mil']);
    expect((await roster({ 'x-acting-chapter': c.slug })).items.length).toBe(1);
    expect((await roster({ 'x-acting-chapter': 'fort-collins' })).items).toEqual([]);

    const made = await injectAs(t, agency, {
      method: 'POST',
      url: '/api/industries',
      payload: { name: 'Milliken Bakery' },
      headers: { 'x-acting-chapter': c.slug },
    });
    expect(made.statusCode).toBe(201);
    const rows = await selectRows<{ chapter_id: string }>(
      t.db,
      sql`select chapter_id from industries where name = 'Milliken Bakery'`,
    );
    expect(rows).toEqual([{ chapter_id: c.id }]);

    // A plain link (the CSV export) names the chapter in its query instead.
    const csv = await injectAs(t, agency, {
      method: 'GET',
      url: `/api/users/export.csv?actingChapter=fort-collins&q=Mil`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('Member');
  });

  it('answers 404 for a chapter that does not exist, and ignores the choice from anyone else', async () => {
    const unknown = await injectAs(t, agency, {
      method: 'GET',
      url: '/api/users',
      headers: { 'x-acting-chapter': 'nowhere' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Chapter not found');
    const c = await createChapter('Kersey');
    await makeMember(t.db, { firstName: 'Kerry', lastName: 'Kersey', chapterId: c.id });
    const fromAdmin = await injectAs(t, adminA, {
      method: 'GET',
      url: '/api/users?q=Kerry',
      headers: { 'x-acting-chapter': c.slug },
    });
    expect(fromAdmin.json().items).toEqual([]);
  });
});
