import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicMember } from '../../../domain/members/contracts';
import { filterMembers } from '../../../domain/members/directory-filter';
import { users } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { directoryVersion } from './member-queries';

/** The server-paged directory finds exactly what the directory's search rules (`matchesSearch`) find. */
describe('the server-paged directory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const people = [
      {
        firstName: 'Ana',
        lastName: 'Plumber',
        businessName: 'Ana Pipes',
        industry: 'Plumbing',
        description: 'Leak repair',
      },
      {
        firstName: 'Bo',
        lastName: 'Stone',
        businessName: 'Stone & Sons',
        industry: 'Masonry',
        description: 'Walls, patios',
      },
      {
        firstName: 'Cy',
        lastName: 'Wolf',
        businessName: '100% Roofs',
        industry: 'Roofing',
        description: 'Roof_and_gutter work',
      },
      {
        firstName: 'Di',
        lastName: 'Hart',
        businessName: 'Hart Legal',
        industry: 'Business Law',
        description: null,
      },
      {
        firstName: 'Ed',
        lastName: 'Park',
        businessName: null,
        industry: 'Residential Plumbing',
        description: 'Drains',
      },
      {
        firstName: null,
        lastName: null,
        businessName: 'Nameless LLC',
        industry: null,
        description: 'anonymous',
      },
    ];
    for (const p of people) await createUser(t.db, 'MEMBER', p);
    // A visible bio is searched; a hidden one never is (it would leak through the results).
    await createUser(t.db, 'MEMBER', {
      firstName: 'Fay',
      lastName: 'Bio',
      personalBio: 'loves sourdough',
      personalBioVisible: true,
    });
    await createUser(t.db, 'MEMBER', {
      firstName: 'Gus',
      lastName: 'Private',
      personalBio: 'secret sourdough',
      personalBioVisible: false,
    });
    await createUser(t.db, 'GUEST', {
      firstName: 'Ana',
      lastName: 'Guest',
      businessName: 'Plumbing Hopeful',
    });
  });
  afterAll(() => t.close());

  const all = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/members' })).json() as PublicMember[];
  const paged = async (params: Record<string, string | number>) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/members?${new URLSearchParams(params as Record<string, string>)}`,
    });
    return { status: res.statusCode, body: res.json() };
  };

  it.each([
    ['', ''],
    ['ana', ''],
    ['ANA PLUMBER', ''],
    ['a p', ''],
    ['stone &', ''],
    ['100%', ''],
    ['roof_and', ''],
    ['_', ''],
    ['%', ''],
    ['sourdough', ''],
    ['legal', ''],
    ['', 'plumb'],
    ['', 'LAW'],
    ['ed', 'plumbing'],
    ['zzz', ''],
  ])('q=%j industry=%j finds the same members as the client rules', async (q, industry) => {
    const expected = filterMembers(await all(), q, industry).map((m) => m.id);
    const { status, body } = await paged({ q, industry, pageSize: 50 });
    expect(status).toBe(200);
    expect(body.items.map((m: PublicMember) => m.id)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it('pages in a stable order, and a page past the end is empty with the right total', async () => {
    const everyone = (await all()).map((m) => m.id);
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(everyone.length / 3); page++) {
      const { body } = await paged({ page, pageSize: 3 });
      expect(body).toMatchObject({ page, pageSize: 3, total: everyone.length });
      pages.push(...body.items.map((m: PublicMember) => m.id));
    }
    expect(pages).toEqual(everyone);
    const past = await paged({ page: 99, pageSize: 3 });
    expect(past.body).toMatchObject({ items: [], total: everyone.length });
    expect((await paged({ page: 1 })).body.pageSize).toBe(9);
  });

  it('refuses bad parameters with a 400', async () => {
    const bad: Record<string, string | number>[] = [
      { page: 0 },
      { pageSize: 51 },
      { page: 'x' },
      { q: 'a\u0000b' },
      { q: 'x'.repeat(101) },
    ];
    for (const params of bad) expect((await paged(params)).status).toBe(400);
  });
});

/** The version moves with every public change and with nothing else. */
describe('the directory version', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const version = () => directoryVersion(t.db);
  const changes = async (change: () => Promise<unknown>) => {
    const before = await version();
    await change();
    return (await version()) !== before;
  };

  it('moves on every kind of public change', async () => {
    let member = await createUser(t.db, 'MEMBER');
    const set = (values: Partial<typeof users.$inferInsert>) =>
      t.db.update(users).set(values).where(eq(users.id, member.id));
    expect(await changes(() => createUser(t.db, 'MEMBER'))).toBe(true);
    expect(await changes(() => set({ description: 'New description' }))).toBe(true);
    expect(await changes(() => set({ personalPhoneVisible: true }))).toBe(true);
    expect(await changes(() => set({ profileImageUrl: '/media/abc.webp' }))).toBe(true);
    expect(await changes(() => set({ firstName: 'Renamed', slug: 'renamed-member' }))).toBe(true);
    expect(await changes(() => set({ role: 'GUEST' }))).toBe(true);
    expect(await changes(() => set({ role: 'LEADERSHIP' }))).toBe(true);
    expect(await changes(() => t.db.delete(users).where(eq(users.id, member.id)))).toBe(true);
    member = await createUser(t.db, 'MEMBER');
    expect(
      await changes(() => t.db.update(users).set({ role: 'MEMBER' }).where(eq(users.id, member.id))),
    ).toBe(false);
  });

  it('stays put for private changes and for guests', async () => {
    const member = await createUser(t.db, 'MEMBER');
    const guest = await createUser(t.db, 'GUEST');
    const set = (id: string, values: Partial<typeof users.$inferInsert>) =>
      t.db.update(users).set(values).where(eq(users.id, id));
    expect(await changes(() => set(member.id, { passwordHash: 'scrypt$x$y' }))).toBe(false);
    expect(
      await changes(() => set(member.id, { commissionPercent: '12.5', annualDuesOverride: '300' })),
    ).toBe(false);
    expect(await changes(() => set(member.id, { email: 'new-address@example.com' }))).toBe(false);
    expect(await changes(() => set(member.id, { updatedAt: new Date() }))).toBe(false);
    expect(await changes(() => set(guest.id, { description: 'A guest edits their profile' }))).toBe(false);
    expect(await changes(() => createUser(t.db, 'GUEST'))).toBe(false);
    expect(await changes(() => t.db.delete(users).where(eq(users.id, guest.id)))).toBe(false);
  });
});
