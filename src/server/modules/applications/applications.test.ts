import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES, type ApplicationPayload } from '../../../domain/applications/contracts';
import type { Role } from '../../../domain/roles/roles';
import { activity, applications, users } from '../../db/schema';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';
import { postgresReachable } from '../../test/test-database';

const hasPostgres = await postgresReachable();

const payload = (over: Partial<ApplicationPayload> = {}): ApplicationPayload => ({
  firstName: 'Avery',
  lastName: 'Applicant',
  email: 'avery@example.com',
  businessEmail: 'hello@avery.example',
  phone: '(970) 555-0199',
  companyName: 'Avery Accounting',
  position: 'Owner',
  industry: 'Bookkeeping',
  businessDescription: 'Bookkeeping for small firms',
  motivation: 'Meet other owners',
  experienceLevel: '3-5',
  referralSource: 'Jake Morales; Emily Tran',
  ...over,
});

describe('applications API', () => {
  let t: TestApp;
  const as: Partial<Record<Role, SignedIn>> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ['MEMBER', 'LEADERSHIP', 'NETWORK_ADMIN', 'AGENCY_ADMIN'] as const) {
      as[role] = await signInAs(t.db, role);
    }
  });
  afterAll(() => t.close());

  const submit = (s: SignedIn | undefined, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: body as object,
      headers: s?.unsafe ?? {},
    });
  const setStatus = (s: SignedIn, id: string, body: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/applications/${id}/status`,
      payload: body as object,
      headers: s.unsafe,
    });
  const countApps = async (userId: string) =>
    (await t.db.select({ n: count() }).from(applications).where(eq(applications.userId, userId)))[0]?.n ?? 0;

  it('submits an application for a signed-in guest', async () => {
    const guest = await signInAs(t.db, 'GUEST');
    const res = await submit(guest, payload());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'pending',
      referralSource: 'Jake Morales; Emily Tran',
      userId: guest.userId,
    });
    const mine = await t.app.inject({ method: 'GET', url: '/api/applications/my', headers: guest.cookie });
    expect(mine.json()).toHaveLength(1);
    const feed = await t.db.select().from(activity).where(eq(activity.userId, guest.userId));
    expect(feed.map((a) => a.kind)).toEqual(['application_submitted']);
  });

  it('refuses an anonymous submit with 401 and writes nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(applications))[0]?.n;
    const res = await submit(undefined, payload());
    expect(res.statusCode).toBe(401);
    expect((await t.db.select({ n: count() }).from(applications))[0]?.n).toBe(before);
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
      const guest = await signInAs(t.db, 'GUEST');
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
    const guest = await signInAs(t.db, 'GUEST');
    expect((await submit(guest, payload({ email: 'nope' }))).json().fieldErrors.email).toEqual([
      'Invalid email address',
    ]);
    expect((await submit(guest, { ...payload(), role: 'AGENCY_ADMIN' })).statusCode).toBe(400);
    expect(await countApps(guest.userId)).toBe(0);
  });

  it('answers 409 already submitted for a second open application, and allows one after rejection', async () => {
    const guest = await signInAs(t.db, 'GUEST');
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
    const [user] = await t.db.select().from(users).where(eq(users.id, guest.userId));
    expect(user?.role).toBe('GUEST');
    expect((await submit(guest, payload())).statusCode).toBe(201);
    expect(await countApps(guest.userId)).toBe(2);
  });

  it('shows the list to LEADERSHIP and above only, open applications first', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/applications' })).statusCode).toBe(401);
    const guest = await signInAs(t.db, 'GUEST');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/applications', headers: guest.cookie })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/applications', headers: as.MEMBER!.cookie }))
        .statusCode,
    ).toBe(403);
    for (const role of ['LEADERSHIP', 'NETWORK_ADMIN', 'AGENCY_ADMIN'] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/api/applications', headers: as[role]!.cookie });
      expect(res.statusCode).toBe(200);
      const list = res.json() as { open: Array<{ status: string }>; decided: Array<{ status: string }> };
      expect(list.open.every((a) => a.status === 'pending' || a.status === 'under_review')).toBe(true);
      expect(list.decided.every((a) => a.status === 'approved' || a.status === 'rejected')).toBe(true);
    }
  });

  it('shows full details to reviewers and the applicant, a summary to others', async () => {
    const applicant = await signInAs(t.db, 'GUEST');
    const id = (await submit(applicant, payload())).json().id as string;
    const get = (s?: SignedIn) =>
      t.app.inject({ method: 'GET', url: `/api/applications/${id}`, headers: s?.cookie ?? {} });
    expect((await get()).statusCode).toBe(401);
    expect((await get(applicant)).json()).toMatchObject({ view: 'full', email: 'avery@example.com' });
    for (const role of ['LEADERSHIP', 'NETWORK_ADMIN', 'AGENCY_ADMIN'] as const) {
      expect((await get(as[role])).json()).toMatchObject({ view: 'full', phone: '(970) 555-0199' });
    }
    const otherGuest = await signInAs(t.db, 'GUEST');
    for (const viewer of [as.MEMBER, otherGuest]) {
      const summary = (await get(viewer)).json();
      expect(summary.view).toBe('summary');
      expect(Object.keys(summary).sort()).toStrictEqual(
        ['firstName', 'id', 'lastName', 'reviewNotes', 'reviewedAt', 'status', 'submittedAt', 'view'].sort(),
      );
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/applications/00000000-0000-4000-8000-000000000000',
      headers: as.LEADERSHIP!.cookie,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: APPLICATION_MESSAGES.notFound });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/applications/nope', headers: as.LEADERSHIP!.cookie }))
        .statusCode,
    ).toBe(404);
  });

  it('lets LEADERSHIP recommend but not approve or reject; refuses members', async () => {
    const applicant = await signInAs(t.db, 'GUEST');
    const id = (await submit(applicant, payload())).json().id as string;
    for (const status of ['approved', 'rejected']) {
      const res = await setStatus(as.LEADERSHIP!, id, { status });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: APPLICATION_MESSAGES.onlyAdminsDecide });
    }
    expect((await setStatus(as.MEMBER!, id, { status: 'under_review' })).statusCode).toBe(403);
    const recommend = await setStatus(as.LEADERSHIP!, id, {
      status: 'under_review',
      reviewNotes: 'Strong fit',
    });
    expect(recommend.statusCode).toBe(200);
    expect(recommend.json().application).toMatchObject({ status: 'under_review', reviewNotes: 'Strong fit' });
    const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
    expect(row?.status).toBe('under_review');
    const [user] = await t.db.select().from(users).where(eq(users.id, applicant.userId));
    expect(user?.role).toBe('GUEST');
  });

  it('requires a status', async () => {
    const applicant = await signInAs(t.db, 'GUEST');
    const id = (await submit(applicant, payload())).json().id as string;
    const res = await setStatus(as.NETWORK_ADMIN!, id, { reviewNotes: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(APPLICATION_MESSAGES.statusRequired);
  });

  it('approval promotes to MEMBER, fills empty profile fields, and lists the member in the directory', async () => {
    const applicant = await signInAs(t.db, 'GUEST', {
      firstName: 'Avery',
      lastName: 'Applicant',
      businessName: null,
    });
    const id = (await submit(applicant, payload({ industry: 'Bookkeeping Plus' }))).json().id as string;
    const res = await setStatus(as.AGENCY_ADMIN!, id, { status: 'approved', reviewNotes: 'Welcome' });
    expect(res.statusCode).toBe(200);
    expect(res.json().warning).toBeUndefined();
    const [user] = await t.db.select().from(users).where(eq(users.id, applicant.userId));
    expect(user).toMatchObject({
      role: 'MEMBER',
      businessName: 'Avery Accounting',
      industry: 'Bookkeeping Plus',
      businessPhone: '(970) 555-0199',
      description: 'Bookkeeping for small firms',
      experienceLevel: '3-5',
    });
    const directory = await t.app.inject({ method: 'GET', url: '/api/members' });
    expect((directory.json() as Array<{ id: string }>).map((m) => m.id)).toContain(applicant.userId);
    const again = await setStatus(as.NETWORK_ADMIN!, id, { status: 'rejected' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: APPLICATION_MESSAGES.alreadyDecided });
  });

  it('warns, naming the member, when the industry seat is taken', async () => {
    await signInAs(t.db, 'MEMBER', { firstName: 'Seat', lastName: 'Holder', industry: 'Roofing' });
    const applicant = await signInAs(t.db, 'GUEST');
    const id = (await submit(applicant, payload({ industry: 'roofing' }))).json().id as string;
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/applications',
      headers: as.NETWORK_ADMIN!.cookie,
    });
    expect(
      (list.json().open as Array<{ id: string; seatHolder: string }>).find((a) => a.id === id)?.seatHolder,
    ).toBe('Seat Holder');
    const res = await setStatus(as.NETWORK_ADMIN!, id, { status: 'approved' });
    expect(res.json().warning).toContain('Seat Holder');
  });

  it.runIf(hasPostgres)(
    'promotes once and writes one activity entry under 20 concurrent approvals',
    async () => {
      const applicant = await signInAs(t.db, 'GUEST');
      const id = (await submit(applicant, payload())).json().id as string;
      const results = await Promise.all(
        Array.from({ length: 20 }, () => setStatus(as.NETWORK_ADMIN!, id, { status: 'approved' })),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const approvals = await t.db
        .select({ n: count() })
        .from(activity)
        .where(and(eq(activity.userId, applicant.userId), eq(activity.kind, 'application_approved')));
      expect(approvals[0]?.n).toBe(1);
      expect(results.filter((r) => r.json().warning !== undefined)).toHaveLength(0);
      const [user] = await t.db.select().from(users).where(eq(users.id, applicant.userId));
      expect(user?.role).toBe('MEMBER');
    },
  );

  it.runIf(hasPostgres)('accepts one of 10 concurrent submits from the same user', async () => {
    const guest = await signInAs(t.db, 'GUEST');
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
