import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES, type ApplicationPayload } from '../../../domain/applications/contracts';
import { activity, applications, users } from '../../db/schema';
import { applicationPayload as payload } from '../../test/factories';
import { signInAs } from '../../test/test-app';
import { postgresReachable } from '../../test/test-database';
import { applicationsTestKit } from './applications-test-kit';

const hasPostgres = await postgresReachable();

describe('submitting an application', () => {
  const kit = applicationsTestKit();
  const { as, submit, setStatus, countApps } = kit;

  it('submits an application for a signed-in guest', async () => {
    const guest = await signInAs(kit.t.db, 'GUEST');
    const res = await submit(guest, payload());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'pending',
      referralSource: 'Jake Morales; Emily Tran',
      userId: guest.userId,
    });
    const mine = await kit.t.app.inject({
      method: 'GET',
      url: '/api/applications/my',
      headers: guest.cookie,
    });
    expect(mine.json()).toHaveLength(1);
    const feed = await kit.t.db.select().from(activity).where(eq(activity.userId, guest.userId));
    expect(feed.map((a) => a.kind)).toEqual(['application_submitted']);
  });

  it('refuses an anonymous submit with 401 and writes nothing', async () => {
    const before = (await kit.t.db.select({ n: count() }).from(applications))[0]?.n;
    const res = await submit(undefined, payload());
    expect(res.statusCode).toBe(401);
    expect((await kit.t.db.select({ n: count() }).from(applications))[0]?.n).toBe(before);
  });

  const REQUIRED: Array<[keyof ApplicationPayload, string]> = [
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['email', 'Email is required'],
    ['businessEmail', 'Business email is required'],
    ['phone', 'Phone number is required'],
    ['companyName', 'Company name is required'],
    ['position', 'Job title is required'],
    ['industry', 'Industry is required'],
    ['businessDescription', 'Business description is required'],
    ['motivation', 'Networking goals are required'],
    ['experienceLevel', 'Years of experience is required'],
  ];

  it.each(REQUIRED)(
    'answers 400 naming %s when it is missing, and writes nothing',
    async (field, message) => {
      const guest = await signInAs(kit.t.db, 'GUEST');
      const body: Record<string, unknown> = { ...payload() };
      delete body[field];
      const res = await submit(guest, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors[field]).toEqual([message]);
      const blank = await submit(guest, { ...payload(), [field]: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(await countApps(guest.userId)).toBe(0);
    },
  );

  it('refuses a bad email and unknown keys', async () => {
    const guest = await signInAs(kit.t.db, 'GUEST');
    expect((await submit(guest, payload({ email: 'nope' }))).json().fieldErrors.email).toEqual([
      'Invalid email address',
    ]);
    expect((await submit(guest, { ...payload(), role: 'AGENCY_ADMIN' })).statusCode).toBe(400);
    expect(await countApps(guest.userId)).toBe(0);
  });

  it('answers 409 already submitted for a second open application, and allows one after rejection', async () => {
    const guest = await signInAs(kit.t.db, 'GUEST');
    const first = await submit(guest, payload());
    const second = await submit(guest, payload());
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain('already submitted');
    expect(second.json().code).toBe('ALREADY_SUBMITTED');
    const rejected = await setStatus(as.NETWORK_ADMIN!, first.json().id, {
      status: 'rejected',
      reviewNotes: 'Not now',
    });
    expect(rejected.statusCode).toBe(200);
    const [user] = await kit.t.db.select().from(users).where(eq(users.id, guest.userId));
    expect(user?.role).toBe('GUEST');
    expect((await submit(guest, payload())).statusCode).toBe(201);
    expect(await countApps(guest.userId)).toBe(2);
  });

  it.runIf(hasPostgres)('accepts one of 10 concurrent submits from the same user', async () => {
    const guest = await signInAs(kit.t.db, 'GUEST');
    const results = await Promise.all(Array.from({ length: 10 }, () => submit(guest, payload())));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await countApps(guest.userId)).toBe(1);
  });

  it('refuses an application from someone already a member', async () => {
    const res = await submit(as.MEMBER, payload());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: APPLICATION_MESSAGES.alreadyMember });
  });
});
