import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../domain/admin/contracts';
import { auditLog, industries, networkSettings, users } from '../../db/schema';
import { makeMember } from '../../test/factories';
import { expectRefusedBelow, injectAs } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

describe('industries and network settings (administration)', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.db, 'NETWORK_ADMIN', { firstName: 'Ada', lastName: 'Admin' });
  });
  afterAll(() => t.close());
  const as = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    who: SignedIn = admin,
  ) => injectAs(t, who, { method, url, payload });
  const industryCount = async () => (await t.db.select({ n: count() }).from(industries))[0]?.n;
  const audit = async () => t.db.select().from(auditLog);

  it('creates an industry, refuses a blank or duplicate name (any case), and records it', async () => {
    const res = await as('POST', '/api/industries', {
      name: '  Pet Grooming ',
      description: 'Dogs and cats',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Pet Grooming',
      description: 'Dogs and cats',
      seatHolder: null,
      memberCount: 0,
    });
    const blank = await as('POST', '/api/industries', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors.name).toEqual([ADMIN_MESSAGES.industryNameRequired]);
    const before = await industryCount();
    const dup = await as('POST', '/api/industries', { name: 'pet grooming' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(ADMIN_MESSAGES.industryExists('pet grooming'));
    expect(await industryCount()).toBe(before);
    expect((await audit()).map((a) => a.action)).toContain('industry.created');
  });

  it('stores a name with its inner spaces collapsed, and compares names case- and space-insensitively', async () => {
    const res = await as('POST', '/api/industries', { name: '  Race   Industry ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('Race Industry');
    const before = await industryCount();
    for (const [name, said] of [
      ['Race Industry', 'Race Industry'],
      ['race  industry', 'race industry'],
      ['RACE\u00a0INDUSTRY', 'RACE INDUSTRY'],
      [' race industry\u3000', 'race industry'],
    ] as const) {
      const dup = await as('POST', '/api/industries', { name });
      expect(dup.statusCode, name).toBe(409);
      expect(dup.json().message).toBe(`An industry named "${said}" already exists`);
    }
    expect(await industryCount()).toBe(before);
    // Renaming another industry onto it is the same duplicate.
    const other = await as('POST', '/api/industries', { name: 'Race Industries' });
    const renamed = await as('PUT', `/api/industries/${other.json().id}`, { name: 'race   INDUSTRY' });
    expect(renamed.statusCode).toBe(409);
  });

  it('lists seats: open, or held by the first member by join date', async () => {
    // Its own industries (each test here runs alone too): one held by two members, one open.
    expect((await as('POST', '/api/industries', { name: 'Seat Trade' })).statusCode).toBe(201);
    expect((await as('POST', '/api/industries', { name: 'Open Trade' })).statusCode).toBe(201);
    await makeMember(t.db, {
      firstName: 'Sam',
      lastName: 'Seat',
      industry: 'Seat Trade',
      createdAt: new Date('2020-01-01'),
    });
    await makeMember(t.db, { firstName: 'Second', lastName: 'Comer', industry: 'seat trade' });
    const list = (await as('GET', '/api/industries')).json();
    const named = (name: string) => list.find((i: { name: string }) => i.name === name);
    expect(named('Seat Trade')).toMatchObject({ seatHolder: 'Sam Seat', memberCount: 2 });
    expect(named('Open Trade')).toMatchObject({ seatHolder: null, memberCount: 0 });
    const pub = (await t.app.inject({ method: 'GET', url: '/api/industries/public' })).json();
    expect(Object.keys(pub[0]).sort()).toEqual(['id', 'name']);
  });

  it('renames an industry and moves its members with it; refuses to delete it while held', async () => {
    const row = (await as('POST', '/api/industries', { name: 'Dog Walking' })).json();
    await makeMember(t.db, { firstName: 'Wes', lastName: 'Walker', industry: 'Dog Walking' });
    await makeMember(t.db, { firstName: 'Val', lastName: 'Walker', industry: 'dog walking' });
    const renamed = await as('PUT', `/api/industries/${row.id}`, { name: 'Pet Care' });
    expect(renamed.json()).toMatchObject({ name: 'Pet Care', memberCount: 2 });
    const moved = await t.db
      .select({ industry: users.industry })
      .from(users)
      .where(eq(users.lastName, 'Walker'));
    expect(moved.map((m) => m.industry)).toEqual(['Pet Care', 'Pet Care']);
    const held = await as('DELETE', `/api/industries/${row.id}`);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(ADMIN_MESSAGES.industryHeld(2));
    const empty = (await as('POST', '/api/industries', { name: 'Empty Trade' })).json();
    expect((await as('DELETE', `/api/industries/${empty.id}`)).statusCode).toBe(204);
    expect((await as('DELETE', `/api/industries/${empty.id}`)).statusCode).toBe(404);
    expect((await audit()).map((a) => a.action)).toEqual(
      expect.arrayContaining(['industry.renamed', 'industry.deleted']),
    );
  });

  it('refuses everyone below NETWORK_ADMIN on every industry write and on the admin list', async () => {
    const [row] = await t.db.insert(industries).values({ name: 'Guarded Trade' }).returning();
    await expectRefusedBelow(
      t,
      'NETWORK_ADMIN',
      { method: 'POST', url: '/api/industries', payload: { name: 'Sneaky' } },
      industryCount,
    );
    await expectRefusedBelow(
      t,
      'NETWORK_ADMIN',
      { method: 'PUT', url: `/api/industries/${row!.id}`, payload: { name: 'Sneaky' } },
      async () => t.db.select().from(industries),
    );
    await expectRefusedBelow(
      t,
      'NETWORK_ADMIN',
      { method: 'DELETE', url: `/api/industries/${row!.id}` },
      industryCount,
    );
    await expectRefusedBelow(t, 'NETWORK_ADMIN', { method: 'GET', url: '/api/industries' }, async () => null);
  });

  it('sets the default dues (> 0, 2 decimals), audits it, and a member’s ROI follows', async () => {
    const member = await signInAs(t.db, 'MEMBER');
    const roiBefore = (await as('GET', '/api/referrals/metrics', undefined, member)).json();
    expect(roiBefore.dues).toBe('400.00');
    for (const bad of ['0', '-5', '12.345', 'abc', '']) {
      const res = await as('PUT', '/api/settings/network/dues', { defaultAnnualDues: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ADMIN_MESSAGES.invalidDues);
    }
    const ok = await as('PUT', '/api/settings/network/dues', { defaultAnnualDues: 525.5 });
    expect(ok.json()).toEqual({ defaultAnnualDues: '525.50', effectiveDefaultDues: '525.50' });
    expect((await as('GET', '/api/referrals/metrics', undefined, member)).json().dues).toBe('525.50');
    expect((await as('GET', '/api/settings/network', undefined, member)).json().defaultAnnualDues).toBe(
      '525.50',
    );
    const entry = (await audit()).find((a) => a.action === 'dues.changed');
    expect(entry).toMatchObject({
      before: { defaultAnnualDues: null },
      after: { defaultAnnualDues: '525.50' },
      actorId: admin.userId,
    });
    await expectRefusedBelow(
      t,
      'NETWORK_ADMIN',
      { method: 'PUT', url: '/api/settings/network/dues', payload: { defaultAnnualDues: 1 } },
      async () => t.db.select().from(networkSettings),
    );
  });

  it('counts members with and without a dues override', async () => {
    await makeMember(t.db, { annualDuesOverride: '200.00' });
    const stats = (await as('GET', '/api/settings/network/dues-stats')).json();
    expect(stats.withOverride).toBe(1);
    expect(stats.withOverride + stats.withoutOverride).toBe(stats.members);
    expect(stats.withOverridePercent + stats.withoutOverridePercent).toBeGreaterThanOrEqual(99);
  });
});
