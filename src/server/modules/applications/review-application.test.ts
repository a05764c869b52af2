import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userEditSchema } from '../../../domain/admin/contracts';
import { APPLICATION_MESSAGES, QUICK_ACTION_NOTES } from '../../../domain/applications/contracts';
import { profileUpdateSchema } from '../../../domain/profile/contracts';
import { activity, applications, users } from '../../db/schema';
import { applicationPayload as payload } from '../../test/factories';
import { expectRefusedBelow } from '../../test/requests';
import { signInAs } from '../../test/test-app';
import { postgresReachable } from '../../test/test-database';
import { applicationsTestKit } from './applications-test-kit';

const hasPostgres = await postgresReachable();

describe('reviewing an application', () => {
  const kit = applicationsTestKit();
  const { as, submit, setStatus } = kit;

  it('lets LEADERSHIP recommend but not approve or reject; refuses members', async () => {
    const applicant = await signInAs(kit.t.db, 'GUEST');
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
    const [row] = await kit.t.db.select().from(applications).where(eq(applications.id, id));
    expect(row?.status).toBe('under_review');
    const [user] = await kit.t.db.select().from(users).where(eq(users.id, applicant.userId));
    expect(user?.role).toBe('GUEST');
  });

  it('takes leadership’s recommendation either way as an internal note; the applicant does not read it', async () => {
    const applicant = await signInAs(kit.t.db, 'GUEST');
    const id = (await submit(applicant, payload())).json().id as string;
    const res = await setStatus(as.LEADERSHIP!, id, {
      status: 'under_review',
      internalNotes: QUICK_ACTION_NOTES.recommendReject,
    });
    expect(res.statusCode).toBe(200);
    const mine = await kit.t.app.inject({
      method: 'GET',
      url: '/api/applications/my',
      headers: applicant.cookie,
    });
    expect(mine.json()[0].status).toBe('under_review');
    expect(mine.body).not.toContain(QUICK_ACTION_NOTES.recommendReject);
    const reviewer = await kit.t.app.inject({
      method: 'GET',
      url: `/api/applications/${id}`,
      headers: as.NETWORK_ADMIN!.cookie,
    });
    expect(reviewer.body).toContain('Recommended for rejection: does not meet current membership criteria');
  });

  it('requires a status', async () => {
    const applicant = await signInAs(kit.t.db, 'GUEST');
    const id = (await submit(applicant, payload())).json().id as string;
    const res = await setStatus(as.NETWORK_ADMIN!, id, { reviewNotes: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(APPLICATION_MESSAGES.statusRequired);
  });

  it('approval promotes to MEMBER, fills empty profile fields, and lists the member in the directory', async () => {
    const applicant = await signInAs(kit.t.db, 'GUEST', {
      firstName: 'Avery',
      lastName: 'Applicant',
      businessName: null,
    });
    const id = (await submit(applicant, payload({ industry: 'Bookkeeping Plus' }))).json().id as string;
    const res = await setStatus(as.AGENCY_ADMIN!, id, { status: 'approved', reviewNotes: 'Welcome' });
    expect(res.statusCode).toBe(200);
    expect(res.json().warning).toBeUndefined();
    const [user] = await kit.t.db.select().from(users).where(eq(users.id, applicant.userId));
    expect(user).toMatchObject({
      role: 'MEMBER',
      businessName: 'Avery Accounting',
      industry: 'Bookkeeping Plus',
      businessPhone: '(970) 555-0199',
      description: 'Bookkeeping for small firms',
      experienceLevel: '3-5',
    });
    const directory = await kit.t.app.inject({ method: 'GET', url: '/api/members' });
    expect((directory.json() as Array<{ id: string }>).map((m) => m.id)).toContain(applicant.userId);
    const again = await setStatus(as.NETWORK_ADMIN!, id, { status: 'rejected' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: APPLICATION_MESSAGES.alreadyDecided });
  });

  it('an application at every field’s longest makes a profile its member and an admin can save unchanged', async () => {
    // One length per field: what the application accepts, the profile and the admin edit keep.
    const applicant = await signInAs(kit.t.db, 'GUEST', {
      firstName: null,
      lastName: null,
      businessName: null,
    });
    const longest = payload({
      firstName: 'F'.repeat(100),
      lastName: 'L'.repeat(100),
      phone: '9'.repeat(40),
      companyName: 'C'.repeat(200),
      position: 'P'.repeat(200),
      industry: 'I'.repeat(100),
      businessDescription: 'D'.repeat(2000),
      motivation: 'M'.repeat(2000),
      referralSource: `${'R'.repeat(495)}; ${'S'.repeat(495)}`,
    });
    const id = (await submit(applicant, longest)).json().id as string;
    expect((await setStatus(as.AGENCY_ADMIN!, id, { status: 'approved' })).statusCode).toBe(200);

    const mine = await kit.t.app.inject({ method: 'GET', url: '/api/profile', headers: applicant.cookie });
    const profile = mine.json();
    expect(profile).toMatchObject({ businessName: 'C'.repeat(200), position: 'P'.repeat(200) });
    const form = Object.fromEntries(Object.keys(profileUpdateSchema.shape).map((key) => [key, profile[key]]));
    const saved = await kit.t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      payload: form,
      headers: applicant.unsafe,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const shown = (
      await kit.t.app.inject({
        method: 'GET',
        url: `/api/users/${applicant.userId}`,
        headers: as.AGENCY_ADMIN!.cookie,
      })
    ).json();
    const edit = Object.fromEntries(Object.keys(userEditSchema.shape).map((key) => [key, shown[key]]));
    const edited = await kit.t.app.inject({
      method: 'PUT',
      url: `/api/users/${applicant.userId}`,
      payload: edit,
      headers: as.AGENCY_ADMIN!.unsafe,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [user] = await kit.t.db.select().from(users).where(eq(users.id, applicant.userId));
    expect(user).toMatchObject({ businessName: 'C'.repeat(200), referralSource: longest.referralSource });
    // The names the approval filled in made the member's public address.
    expect(user?.slug).toBe(`${'f'.repeat(100)}-${'l'.repeat(100)}`);
  });

  it('warns, naming the member, when the industry seat is taken', async () => {
    await signInAs(kit.t.db, 'MEMBER', { firstName: 'Seat', lastName: 'Holder', industry: 'Roofing' });
    const applicant = await signInAs(kit.t.db, 'GUEST');
    const id = (await submit(applicant, payload({ industry: 'roofing' }))).json().id as string;
    const list = await kit.t.app.inject({
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
      const applicant = await signInAs(kit.t.db, 'GUEST');
      const id = (await submit(applicant, payload())).json().id as string;
      const results = await Promise.all(
        Array.from({ length: 20 }, () => setStatus(as.NETWORK_ADMIN!, id, { status: 'approved' })),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const approvals = await kit.t.db
        .select({ n: count() })
        .from(activity)
        .where(and(eq(activity.userId, applicant.userId), eq(activity.kind, 'application_approved')));
      expect(approvals[0]?.n).toBe(1);
      expect(results.filter((r) => r.json().warning !== undefined)).toHaveLength(0);
      const [user] = await kit.t.db.select().from(users).where(eq(users.id, applicant.userId));
      expect(user?.role).toBe('MEMBER');
    },
  );

  it('refuses a status change to strangers and every role below LEADERSHIP, changing nothing', async () => {
    const applicant = await signInAs(kit.t.db, 'GUEST');
    const id = (await submit(applicant, payload())).json().id as string;
    const row = async () => (await kit.t.db.select().from(applications).where(eq(applications.id, id)))[0];
    await expectRefusedBelow(
      kit.t,
      'LEADERSHIP',
      { method: 'PUT', url: `/api/applications/${id}/status`, payload: { status: 'under_review' } },
      row,
    );
  });
});
