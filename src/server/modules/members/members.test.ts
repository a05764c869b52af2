import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_MESSAGES } from '../../../domain/members/contracts';
import { referrals, users } from '../../db/schema';
import { createTestApp, createUser, signInAs, type TestApp } from '../../test/test-app';

const BASE_KEYS = [
  'id',
  'slug',
  'firstName',
  'lastName',
  'businessName',
  'position',
  'industry',
  'description',
  'experienceLevel',
  'profileImageUrl',
  'avatarColor',
  'memberSince',
  'contactInfo',
];

describe('public directory API', () => {
  let t: TestApp;
  let queries: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ onQuery: (q) => queries.push(q) });
  });
  afterAll(() => t.close());

  it('lists members without guests and only with visible contact fields (exact keys)', async () => {
    await createUser(t.db, 'GUEST', { firstName: 'Gus', lastName: 'Guest', email: 'gus@example.com' });
    const open = await createUser(t.db, 'MEMBER', {
      firstName: 'Olive',
      lastName: 'Open',
      email: 'olive@example.com',
      businessName: 'Olive Co',
      personalEmail: 'olive.home@example.com',
      personalEmailVisible: true,
      personalPhone: '970-555-1111',
      personalPhoneVisible: true,
      personalBio: 'Hello there',
      personalBioVisible: true,
      businessEmail: 'hello@olive.example',
      businessEmailVisible: true,
      businessPhone: '970-555-2222',
      businessPhoneVisible: true,
      website: 'https://olive.example',
      passwordHash: 'scrypt$secret$hash',
      commissionPercent: '12.5',
      annualDuesOverride: '200',
    });
    const hidden = await createUser(t.db, 'LEADERSHIP', {
      firstName: 'Hal',
      lastName: 'Hidden',
      email: 'hal@example.com',
      personalEmail: 'hal.home@example.com',
      personalEmailVisible: false,
      personalPhone: '970-555-3333',
      personalPhoneVisible: false,
      personalBio: 'Private bio',
      personalBioVisible: false,
      businessEmail: 'hal@biz.example',
      businessEmailVisible: false,
      businessPhone: '970-555-4444',
      businessPhoneVisible: false,
      linkedin: 'javascript:alert(1)',
      facebook: 'data:text/html,<script>alert(1)</script>',
      twitter: 'https://x.com/hal',
      profileImageUrl: 'javascript:alert(2)',
    });

    const res = await t.app.inject({ method: 'GET', url: '/api/members' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list.map((m) => m.firstName)).toEqual(['Hal', 'Olive']);

    const olive = list.find((m) => m.id === open.id)!;
    expect(Object.keys(olive).sort()).toEqual(
      [
        ...BASE_KEYS,
        'personalEmail',
        'personalPhone',
        'personalBio',
        'businessEmail',
        'businessPhone',
      ].sort(),
    );
    expect(olive.contactInfo).toEqual({ website: 'https://olive.example/' });

    const hal = list.find((m) => m.id === hidden.id)!;
    expect(Object.keys(hal).sort()).toEqual([...BASE_KEYS].sort());
    expect(hal.contactInfo).toEqual({ twitter: 'https://x.com/hal' });
    expect(hal.profileImageUrl).toBeNull();
    expect(res.body).not.toMatch(
      /scrypt|secret|olive@example\.com|hal\.home|Private bio|javascript:|data:text/,
    );
    expect(res.body).not.toMatch(/commission|annualDues|passwordHash|oidc|role/i);

    const profile = await t.app.inject({ method: 'GET', url: `/api/members/by-name/${hal.slug}` });
    expect(profile.statusCode).toBe(200);
    expect(Object.keys(profile.json()).sort()).toEqual([...BASE_KEYS].sort());
    const oliveProfile = await t.app.inject({ method: 'GET', url: `/api/members/by-name/${olive.slug}` });
    expect(oliveProfile.json()).toMatchObject({ personalBio: 'Hello there', businessPhone: '970-555-2222' });
  });

  it('shows each contact field by its own flag: one flag on, the other four off', async () => {
    // Every member has all five values; exactly one flag is on, so a flag wired to another field shows.
    const values = {
      personalEmail: 'home@flags.example',
      personalPhone: '970-555-0101',
      personalBio: 'Bio behind a flag',
      businessEmail: 'desk@flags.example',
      businessPhone: '970-555-0202',
    };
    const allOff = {
      personalEmailVisible: false,
      personalPhoneVisible: false,
      personalBioVisible: false,
      businessEmailVisible: false,
      businessPhoneVisible: false,
    };
    const cases = [
      ['personalEmailVisible', 'personalEmail', 'home@flags.example'],
      ['personalPhoneVisible', 'personalPhone', '970-555-0101'],
      ['personalBioVisible', 'personalBio', 'Bio behind a flag'],
      ['businessEmailVisible', 'businessEmail', 'desk@flags.example'],
      ['businessPhoneVisible', 'businessPhone', '970-555-0202'],
    ] as const;
    const ids = new Map<string, string>();
    for (const [flag] of cases) {
      const user = await createUser(t.db, 'MEMBER', {
        firstName: 'Flag',
        lastName: flag,
        ...values,
        ...allOff,
        [flag]: true,
      });
      ids.set(flag, user.id);
    }
    const list = (await t.app.inject({ method: 'GET', url: '/api/members' })).json() as Array<
      Record<string, unknown>
    >;
    for (const [flag, field, value] of cases) {
      const member = list.find((m) => m.id === ids.get(flag))!;
      const shown = Object.keys(member).filter((key) => !BASE_KEYS.includes(key));
      expect(shown, flag).toEqual([field]);
      expect(member[field], flag).toBe(value);
      const profile = await t.app.inject({ method: 'GET', url: `/api/members/by-name/${member.slug}` });
      const profileShown = Object.keys(profile.json()).filter((key) => !BASE_KEYS.includes(key));
      expect(profileShown, `${flag} on the profile`).toEqual([field]);
    }
  });

  it('answers an ETag and 304 when nothing changed', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/members' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/members',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows a change to a member at once, and drops a member demoted to guest', async () => {
    const m = await createUser(t.db, 'MEMBER', {
      firstName: 'Fresh',
      lastName: 'Face',
      businessName: 'Before',
    });
    const find = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/members' })).json() as Array<{
          id: string;
          businessName: string;
        }>
      ).find((x) => x.id === m.id);
    expect((await find())?.businessName).toBe('Before');
    await t.db.update(users).set({ businessName: 'After' }).where(eq(users.id, m.id));
    expect((await find())?.businessName).toBe('After');
    await t.db.update(users).set({ role: 'GUEST' }).where(eq(users.id, m.id));
    expect(await find()).toBeUndefined();
  });

  it('answers 404 with a message for an unknown or guest slug', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/members/by-name/nobody-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: MEMBER_MESSAGES.memberNotFound });
    const guest = await t.app.inject({ method: 'GET', url: '/api/members/by-name/gus-guest' });
    expect(guest.statusCode).toBe(404);
  });

  it('gives two members with the same name distinct slugs that both resolve', async () => {
    const a = await createUser(t.db, 'MEMBER', {
      firstName: 'Jordan',
      lastName: 'Lee',
      businessName: 'First',
    });
    const b = await createUser(t.db, 'MEMBER', {
      firstName: 'Jordan',
      lastName: 'Lee',
      businessName: 'Second',
    });
    expect(a.slug).toBe('jordan-lee');
    expect(b.slug).toBe('jordan-lee-2');
    const first = await t.app.inject({ method: 'GET', url: '/api/members/by-name/jordan-lee' });
    const second = await t.app.inject({ method: 'GET', url: '/api/members/by-name/jordan-lee-2' });
    expect(first.json().businessName).toBe('First');
    expect(second.json().businessName).toBe('Second');
  });

  it('keeps member choices for signed-in users only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/members/active' })).statusCode).toBe(401);
    const s = await signInAs(t.db, 'MEMBER');
    const res = await t.app.inject({ method: 'GET', url: '/api/members/active', headers: s.cookie });
    expect(res.statusCode).toBe(200);
    const choice = res.json().items[0];
    expect(Object.keys(choice).sort()).toEqual([
      'businessName',
      'chapterName',
      'firstName',
      'id',
      'idealReferral',
      'industry',
      'lastName',
    ]);
    // Signed-in data is never kept by a browser or proxy cache.
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('searches member choices on the server by name, business, position or industry, never guests', async () => {
    await createUser(t.db, 'MEMBER', {
      firstName: 'Dina',
      lastName: 'Molar',
      email: 'dina@example.com',
      businessName: 'Bright Smiles',
      industry: 'Dental',
      idealReferral: 'Families new to town looking for a dentist.',
    });
    await createUser(t.db, 'MEMBER', {
      firstName: 'Larry',
      lastName: 'Counsel',
      email: 'larry@example.com',
      businessName: 'Counsel & Co',
      position: 'Attorney',
      industry: 'Estate Law',
    });
    await createUser(t.db, 'MEMBER', {
      firstName: 'Rita',
      lastName: 'Homes',
      email: 'rita@example.com',
      businessName: 'Peak Realty',
      industry: 'Real Estate',
      // A match only in the description is not a match: the picker searches name, business and industry.
      description: 'Works with every dentist in town',
    });
    await createUser(t.db, 'MEMBER', {
      firstName: 'Pat',
      lastName: 'Stamp',
      email: 'pat@example.com',
      businessName: 'Main Street Printing',
      position: 'Notary Public',
      industry: 'Printing',
    });
    await createUser(t.db, 'GUEST', {
      firstName: 'Gina',
      lastName: 'Guestdentist',
      email: 'gina@example.com',
      industry: 'Dentist',
    });
    const s = await signInAs(t.db, 'MEMBER');
    const search = async (q: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/members/active?q=${encodeURIComponent(q)}`,
        headers: s.cookie,
      });
      expect(res.statusCode).toBe(200);
      return (res.json().items as { firstName: string }[]).map((c) => c.firstName);
    };
    expect(await search('DENTIST')).toEqual(['Dina']);
    expect(await search('real estate')).toEqual(['Rita']);
    expect(await search('lawyer')).toEqual(['Larry']);
    expect(await search('attorney')).toEqual(['Larry']);
    expect(await search('realtor')).toEqual(['Rita']);
    // Every word must match: "dental lawyer" is no one.
    expect(await search('dental lawyer')).toEqual([]);
    expect(await search('counsel')).toEqual(['Larry']);
    // The position counts too: only Pat's says notary.
    expect(await search('notary')).toEqual(['Pat']);
    expect(await search('dina molar')).toEqual(['Dina']);
    expect(await search('bright smiles')).toEqual(['Dina']);
    // LIKE's own wildcards are taken literally.
    expect(await search('%')).toEqual([]);
    const dina = await t.app.inject({ method: 'GET', url: '/api/members/active?q=molar', headers: s.cookie });
    expect(dina.json().items[0].idealReferral).toBe('Families new to town looking for a dentist.');
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `/api/members/active?q=${'x'.repeat(101)}`,
      headers: s.cookie,
    });
    expect(tooLong.statusCode).toBe(400);
    // The chosen member by id (wherever the list has scrolled); a guest or unknown id is not a choice.
    const dinaId = dina.json().items[0].id;
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/members/active/${dinaId}`,
      headers: s.cookie,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ firstName: 'Dina', businessName: 'Bright Smiles' });
    const [gina] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'gina@example.com'));
    for (const id of [gina!.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/members/active/${id}`, headers: s.cookie });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('Member Not Found');
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/members/active/${dinaId}` })).statusCode).toBe(
      401,
    );
  });

  it('refuses control characters in a profile name with a 400, not a 500', async () => {
    for (const url of ['/api/members/by-name/a%00b', '/api/members/by-name/a%E2%80%AEb']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('lists public industries as id and name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/industries/public' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    expect(Array.isArray(res.json())).toBe(true);
  });

  it('sums approved referrals only into the network revenue, as a numeric string', async () => {
    const [x, y] = [await createUser(t.db, 'MEMBER'), await createUser(t.db, 'MEMBER')];
    const base = { referrerId: x.id, reporterId: y.id, createdById: x.id, saleDate: '2026-11-01' };
    await t.db.insert(referrals).values([
      { ...base, amount: '1000.10', status: 'approved' },
      { ...base, amount: '250.25', status: 'approved' },
      { ...base, amount: '999.99', status: 'pending' },
      { ...base, amount: '500.00', status: 'declined' },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/network/stats' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json()).toEqual({ totalRevenue: '1250.35' });

    const metrics = await t.app.inject({ method: 'GET', url: `/api/referrals/metrics/${x.id}` });
    expect(metrics.json()).toEqual({ referralsGiven: 2, referralsReceived: 0 });
    const received = await t.app.inject({ method: 'GET', url: `/api/referrals/metrics/${y.id}` });
    expect(received.json()).toEqual({ referralsGiven: 0, referralsReceived: 2 });
    // A malformed id names no member, so it answers exactly like an unknown one.
    const bad = await t.app.inject({ method: 'GET', url: '/api/referrals/metrics/not-a-uuid' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ code: 'NOT_FOUND', message: 'Member Not Found' });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/referrals/metrics/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers the list with the same number of queries for 10 and for 500 members', async () => {
    const countQueries = async () => {
      queries = [];
      const res = await t.app.inject({ method: 'GET', url: '/api/members' });
      expect(res.statusCode).toBe(200);
      return queries.length;
    };
    await t.db.delete(users).where(eq(users.role, 'MEMBER'));
    const bulk = (n: number, offset: number) =>
      Array.from({ length: n }, (_, i) => ({
        email: `bulk${offset + i}@example.com`,
        slug: `bulk-${offset + i}`,
        firstName: 'Bulk',
        lastName: String(offset + i),
        role: 'MEMBER' as const,
      }));
    await t.db.insert(users).values(bulk(10, 0));
    const small = await countQueries();
    expect(small).toBeGreaterThan(0);
    await t.db.insert(users).values(bulk(490, 10));
    const large = await countQueries();
    expect(large).toBe(small);
  });
});
