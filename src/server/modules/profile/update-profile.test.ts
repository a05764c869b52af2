import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES, type ProfileForm } from '../../../domain/profile/contracts';
import { activity, auditLog, users } from '../../db/schema';
import { injectAs, type Who } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

const form = (over: Partial<ProfileForm> = {}): ProfileForm => ({
  firstName: 'Dana',
  lastName: 'Whitfield',
  position: 'Owner',
  personalEmail: 'dana@home.example',
  personalPhone: '(970) 555-0101',
  personalBio: 'Fly fisher.',
  businessName: 'Whitfield Law',
  businessEmail: 'office@whitfield.example',
  businessPhone: '(970) 555-0102',
  website: 'https://whitfield.example',
  description: 'Estate planning',
  industry: 'Estate Law',
  experienceLevel: '6-10',
  referralSource: null,
  motivation: null,
  linkedin: '',
  facebook: '',
  instagram: '',
  twitter: 'https://x.com/dana',
  personalEmailVisible: true,
  personalPhoneVisible: true,
  personalBioVisible: true,
  businessEmailVisible: true,
  businessPhoneVisible: true,
  ...over,
});

describe('editing my profile', () => {
  let t: TestApp;
  let dana: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    dana = await signInAs(t.db, 'MEMBER', {
      firstName: 'Dana',
      lastName: 'Whitfield',
      industry: 'Estate Law',
    });
  });
  afterAll(() => t.close());
  const put = (who: Who, body: object) =>
    injectAs(t, who, { method: 'PUT', url: '/api/profile', payload: body });
  const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
  const publicAnswers = async (slug: string) =>
    [
      (await t.app.inject({ method: 'GET', url: `/api/members/by-name/${slug}` })).body,
      (await t.app.inject({ method: 'GET', url: '/api/members' })).body,
      (await t.app.inject({ method: 'GET', url: `/member/${slug}` })).body,
    ].join('\n');

  it('saves the ideal referral and shows it on the public profile; longer than 500 characters is refused', async () => {
    const ideal = 'Families writing their first will.';
    expect((await put(dana, form({ idealReferral: ideal }))).statusCode).toBe(200);
    const slug = (await row(dana.userId)).slug;
    const profile = await t.app.inject({ method: 'GET', url: `/api/members/by-name/${slug}` });
    expect(profile.json().idealReferral).toBe(ideal);
    const tooLong = await put(dana, form({ idealReferral: 'x'.repeat(501) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors.idealReferral).toBeDefined();
    expect((await row(dana.userId)).idealReferral).toBe(ideal);
  });

  // Nia's contact details stay private, so the public answers other tests read hold only Dana's.
  const nia = (over: Partial<ProfileForm> = {}) =>
    form({
      firstName: 'Nia',
      lastName: 'Network',
      personalEmailVisible: false,
      personalPhoneVisible: false,
      personalBioVisible: false,
      businessEmailVisible: false,
      businessPhoneVisible: false,
      ...over,
    });
  it('audits an administrator moving their own seat, and nothing when the industry stays', async () => {
    const admin = await signInAs(t.db, 'NETWORK_ADMIN', {
      firstName: 'Nia',
      lastName: 'Network',
      industry: 'Estate Law',
    });
    const seatEntries = async () =>
      (await t.db.select().from(auditLog).where(eq(auditLog.subject, 'Nia Network'))).map((e) => [
        e.action,
        e.before,
        e.after,
      ]);
    expect((await put(admin, nia())).statusCode).toBe(200);
    expect(await seatEntries()).toEqual([]);
    expect((await put(admin, nia({ industry: 'Trust Law' }))).statusCode).toBe(200);
    expect(await seatEntries()).toEqual([
      ['user.industry_changed', { industry: 'Estate Law' }, { industry: 'Trust Law' }],
    ]);
  });

  it('saves the form, stores empty values as null, and shows it publicly at once', async () => {
    const res = await put(dana, form({ position: 'Founder', linkedin: '  ' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ position: 'Founder', linkedin: null, twitter: 'https://x.com/dana' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profile', headers: dana.cookie })).json().position,
    ).toBe('Founder');
    expect(await publicAnswers((await row(dana.userId)).slug)).toContain('Founder');
  });

  it('refuses bad values with 400 on the field, changing nothing', async () => {
    const before = await row(dana.userId);
    const cases: Array<[Partial<ProfileForm> & Record<string, unknown>, string, string]> = [
      [{ firstName: '' }, 'firstName', PROFILE_MESSAGES.firstNameRequired],
      [{ lastName: ' ' }, 'lastName', PROFILE_MESSAGES.lastNameRequired],
      [{ personalEmail: 'not-an-email' }, 'personalEmail', PROFILE_MESSAGES.invalidEmail],
      [{ website: 'javascript:alert(1)' }, 'website', PROFILE_MESSAGES.invalidLink],
      [{ personalPhone: '9'.repeat(41) }, 'personalPhone', 'Keep this to 40 characters or fewer'],
      [{ experienceLevel: '100' as never }, 'experienceLevel', ''],
      [{ role: 'AGENCY_ADMIN' }, '_', ''],
    ];
    for (const [over, field, message] of cases) {
      const res = await put(dana, form(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      if (message) expect(res.json().fieldErrors[field]).toContain(message);
    }
    expect(await row(dana.userId)).toEqual(before);
  });

  it('lets only network admins change their industry, and only members their application fields', async () => {
    const before = await row(dana.userId);
    const industry = await put(dana, form({ industry: 'Tax Law' }));
    expect(industry.statusCode).toBe(403);
    expect(industry.json().message).toBe(PROFILE_MESSAGES.industryLocked);
    expect(await row(dana.userId)).toEqual(before);
    const admin = await signInAs(t.db, 'NETWORK_ADMIN', {
      firstName: 'Ada',
      lastName: 'Admin',
      industry: 'Consulting',
    });
    const adminForm = {
      firstName: 'Ada',
      lastName: 'Admin',
      industry: 'Coaching',
      personalPhone: null,
      businessEmail: null,
    };
    const adminRes = await put(admin, form(adminForm));
    expect(adminRes.json().industry).toBe('Coaching');
    const adminMotivation = await put(
      admin,
      form({ firstName: 'Ada', lastName: 'Admin', industry: 'Coaching', motivation: 'x' }),
    );
    expect(adminMotivation.statusCode).toBe(403);
    const member = await put(dana, form({ motivation: 'Grow through referrals' }));
    expect(member.json().motivation).toBe('Grow through referrals');
  });

  it('hides a switched-off field from every public answer', async () => {
    await put(
      dana,
      form({
        personalPhoneVisible: false,
        businessEmailVisible: false,
        motivation: 'Grow through referrals',
      }),
    );
    const slug = (await row(dana.userId)).slug;
    const answers = await publicAnswers(slug);
    expect(answers).not.toContain('(970) 555-0101');
    expect(answers).not.toContain('office@whitfield.example');
    expect(answers).toContain('(970) 555-0102');
  });

  it('moves the public address with a name change and redirects the old one', async () => {
    const oldSlug = (await row(dana.userId)).slug;
    const res = await put(dana, form({ lastName: 'Whitfield-Ortiz', motivation: 'Grow through referrals' }));
    expect(res.json().slug).toBe('dana-whitfield-ortiz');
    const page = await t.app.inject({ method: 'GET', url: `/member/${oldSlug}` });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/member/dana-whitfield-ortiz');
    const api = await t.app.inject({ method: 'GET', url: `/api/members/by-name/${oldSlug}` });
    expect(api.json().slug).toBe('dana-whitfield-ortiz');
  });

  it('keeps a former address its owner’s: a newcomer with that name gets the next free one', async () => {
    // Dana moves from dana-whitfield to dana-whitfield-ortiz (as in the test above; again here, so this
    // test runs alone too: saving the same name again changes nothing).
    await put(dana, form({ lastName: 'Whitfield-Ortiz', motivation: 'Grow through referrals' }));
    const movedTo = async (slug: string) => {
      const page = await t.app.inject({ method: 'GET', url: `/member/${slug}` });
      return page.statusCode === 301 ? page.headers.location : page.statusCode;
    };
    expect(await movedTo('dana-whitfield')).toBe('/member/dana-whitfield-ortiz');

    // A member renamed to the same name, and a newcomer signing up with it, both get the next free slugs.
    const zed = await signInAs(t.db, 'MEMBER', { firstName: 'Zed', lastName: 'Zimmer' });
    const renamed = await put(zed, form({ firstName: 'Dana', lastName: 'Whitfield', industry: null }));
    expect(renamed.json().slug).toBe('dana-whitfield-2');
    const newcomer = await signInAs(t.db, 'MEMBER', { firstName: 'Dana', lastName: 'Whitfield' });
    expect((await row(newcomer.userId)).slug).toBe('dana-whitfield-3');
    expect(await movedTo('dana-whitfield')).toBe('/member/dana-whitfield-ortiz');
    const api = await t.app.inject({ method: 'GET', url: '/api/members/by-name/dana-whitfield' });
    expect(api.json().id).toBe(dana.userId);

    // Dana takes her old name back: the old address is hers again, and the one she leaves redirects.
    const back = await put(dana, form({ lastName: 'Whitfield', motivation: 'Grow through referrals' }));
    expect(back.json().slug).toBe('dana-whitfield');
    expect(await movedTo('dana-whitfield')).toBe(200);
    expect(await movedTo('dana-whitfield-ortiz')).toBe('/member/dana-whitfield');
  });

  it('moves the address when an administrator renames a member, keeping the old one for them', async () => {
    const admin = await signInAs(t.db, 'NETWORK_ADMIN');
    const mo = await signInAs(t.db, 'MEMBER', { firstName: 'Mo', lastName: 'Reyes' });
    const before = (await row(mo.userId)).slug;
    expect(before).toBe('mo-reyes');
    const res = await injectAs(t, admin, {
      method: 'PUT',
      url: `/api/users/${mo.userId}`,
      payload: { firstName: 'Mo', lastName: 'Reyes Park', role: 'MEMBER' },
    });
    expect(res.statusCode).toBe(200);
    expect((await row(mo.userId)).slug).toBe('mo-reyes-park');
    const page = await t.app.inject({ method: 'GET', url: `/member/${before}` });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/member/mo-reyes-park');
    const newcomer = await signInAs(t.db, 'MEMBER', { firstName: 'Mo', lastName: 'Reyes' });
    expect((await row(newcomer.userId)).slug).toBe('mo-reyes-2');
  });

  it('refuses strangers', async () => {
    expect((await put(null, form())).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
  });

  it('lists my newest activity with time-ago text and colours, newest first, at most 20', async () => {
    const now = Date.now();
    await t.db.insert(activity).values(
      Array.from({ length: 22 }, (_, i) => ({
        userId: dana.userId,
        kind: 'referral_received',
        description: `Entry ${i}`,
        color: i === 0 ? 'green' : 'blue',
        createdAt: new Date(now - i * 3600 * 1000),
      })),
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/activity/recent', headers: dana.cookie });
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items).toHaveLength(20);
    expect(items[0]).toMatchObject({ description: 'Entry 0', timeAgo: 'just now', color: 'green' });
    expect(items[2]).toMatchObject({ description: 'Entry 2', timeAgo: '2 hours ago', color: 'blue' });
    expect((await t.app.inject({ method: 'GET', url: '/api/activity/recent' })).statusCode).toBe(401);
  });
});
