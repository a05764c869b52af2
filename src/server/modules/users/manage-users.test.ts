import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matrixCases } from '../../../domain/admin/user-change-matrix.fixture';
import { ROLES, type Role } from '../../../domain/roles/roles';
import { auditLog, referrals, sessions, users } from '../../db/schema';
import { makeAttendance, makeMember, makeReferral } from '../../test/factories';
import { queryRecorder } from '../../test/query-count';
import { expectRefusedBelow, injectAs } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

const edit = (role: Role, over: object = {}) => ({ firstName: 'Target', lastName: 'Person', role, ...over });

describe('member management', () => {
  let t: TestApp;
  const recorder = queryRecorder();
  beforeAll(async () => {
    t = await createTestApp({ onQuery: recorder.onQuery });
  });
  afterAll(() => t.close());
  const put = (who: SignedIn, id: string, body: object) =>
    injectAs(t, who, { method: 'PUT', url: `/api/users/${id}`, payload: body });

  // The whole matrix, written by hand from the product's role table (the same table the policy's unit test reads):
  // every acting admin role x target role x assigned role.
  for (const actorRole of ['NETWORK_ADMIN', 'AGENCY_ADMIN'] as const)
    for (const targetRole of ROLES)
      it(`${actorRole} editing a ${targetRole}: allowed exactly where the role table allows`, async () => {
        const actor = await signInAs(t.db, actorRole);
        // A second agency admin, so no change here would remove the last one.
        await makeMember(t.db, { role: 'AGENCY_ADMIN' });
        const cases = matrixCases().filter((c) => c.actor === actorRole && c.target === targetRole);
        expect(cases).toHaveLength(5);
        for (const { newRole, refusal } of cases) {
          const target = await makeMember(t.db, { role: targetRole });
          const res = await put(actor, target.id, edit(newRole));
          const [after] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, target.id));
          if (refusal) {
            expect(res.statusCode, `${newRole}`).toBe(403);
            expect(res.json().message).toBe(refusal);
            expect(after?.role).toBe(targetRole);
          } else {
            expect(res.statusCode, `${newRole}`).toBe(200);
            expect(after?.role).toBe(newRole);
          }
        }
      });

  it('refuses self-changes and anyone below NETWORK_ADMIN, changing nothing', async () => {
    const admin = await signInAs(t.db, 'AGENCY_ADMIN');
    const self = await put(admin, admin.userId, edit('MEMBER'));
    expect(self.statusCode).toBe(403);
    expect(
      (await injectAs(t, admin, { method: 'DELETE', url: `/api/users/${admin.userId}` })).statusCode,
    ).toBe(403);
    const target = await makeMember(t.db);
    const row = async () => (await t.db.select().from(users).where(eq(users.id, target.id)))[0];
    await expectRefusedBelow(
      t,
      'NETWORK_ADMIN',
      { method: 'PUT', url: `/api/users/${target.id}`, payload: edit('GUEST') },
      row,
    );
    await expectRefusedBelow(t, 'NETWORK_ADMIN', { method: 'DELETE', url: `/api/users/${target.id}` }, row);
  });

  it('lets an agency admin demote another agency admin (ADR 0019), audited; a network admin still cannot', async () => {
    const ada = await signInAs(t.db, 'AGENCY_ADMIN');
    const ben = await signInAs(t.db, 'AGENCY_ADMIN', { firstName: 'Ben', lastName: 'Second' });
    const network = await signInAs(t.db, 'NETWORK_ADMIN');
    const roleOf = async (id: string) =>
      (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

    const refused = await put(network, ben.userId, edit('MEMBER'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can only manage members whose role is below yours.');
    expect(await roleOf(ben.userId)).toBe('AGENCY_ADMIN');

    const demoted = await put(
      ada,
      ben.userId,
      edit('NETWORK_ADMIN', { firstName: 'Ben', lastName: 'Second' }),
    );
    expect(demoted.statusCode).toBe(200);
    expect(await roleOf(ben.userId)).toBe('NETWORK_ADMIN');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, 'Ben Second'))
      .orderBy(auditLog.createdAt);
    expect(audit).toMatchObject({
      actorId: ada.userId,
      action: 'user.role_changed',
      before: { role: 'AGENCY_ADMIN' },
      after: { role: 'NETWORK_ADMIN' },
    });
    // Now below Ada, Ben cannot touch her.
    expect((await put(ben, ada.userId, edit('MEMBER'))).statusCode).toBe(403);
    expect(await roleOf(ada.userId)).toBe('AGENCY_ADMIN');
  });

  it('settles two agency admins demoting each other at once with one demotion: one always remains', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [cy, di] = [await signInAs(t.db, 'AGENCY_ADMIN'), await signInAs(t.db, 'AGENCY_ADMIN')];
      const answers = await Promise.all([
        put(cy, di.userId, edit('MEMBER')),
        put(di, cy.userId, edit('MEMBER')),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
      const roles = await t.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, answers[0]!.statusCode === 200 ? cy.userId : di.userId));
      expect(roles).toEqual([{ role: 'AGENCY_ADMIN' }]);
    }
  });

  it('validates the edit with the product messages and stores empty optional values as null', async () => {
    const admin = await signInAs(t.db, 'NETWORK_ADMIN');
    const target = await makeMember(t.db, { businessName: 'Old Co' });
    const bad = await put(
      admin,
      target.id,
      edit('MEMBER', {
        firstName: '',
        personalEmail: 'nope',
        missedMeetingLimit: 1.5,
        annualDuesOverride: -1,
      }),
    );
    expect(bad.statusCode).toBe(400);
    const ok = await put(
      admin,
      target.id,
      edit('MEMBER', { businessName: '', annualDuesOverride: 250, missedMeetingLimit: '3' }),
    );
    expect(ok.json()).toMatchObject({
      businessName: null,
      annualDuesOverride: '250.00',
      missedMeetingLimit: 3,
    });
  });

  it('stores names trimmed with their inner spaces collapsed, and keeps a phone as typed', async () => {
    const admin = await signInAs(t.db, 'NETWORK_ADMIN');
    const target = await makeMember(t.db);
    const res = await put(
      admin,
      target.id,
      edit('MEMBER', {
        firstName: '  Mary   Ann ',
        lastName: 'de\u00a0 la  Cruz',
        businessName: ' Cruz  &  Daughters ',
        industry: 'Real   Estate',
        businessPhone: '(970)  555-0100',
      }),
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({
      firstName: 'Mary Ann',
      lastName: 'de la Cruz',
      businessName: 'Cruz & Daughters',
      industry: 'Real Estate',
      businessPhone: '(970)  555-0100',
    });
  });

  it('deactivates by GUEST: gone from the directory, sessions ended, audited', async () => {
    const admin = await signInAs(t.db, 'NETWORK_ADMIN');
    const member = await signInAs(t.db, 'MEMBER', { firstName: 'Gone', lastName: 'Soon' });
    expect((await t.app.inject({ method: 'GET', url: '/api/members' })).body).toContain('Gone');
    expect(
      (await put(admin, member.userId, edit('GUEST', { firstName: 'Gone', lastName: 'Soon' }))).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/members' })).body).not.toContain('"Gone"');
    const left = await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, member.userId));
    expect(left[0]?.n).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: member.cookie })).statusCode,
    ).toBe(401);
    expect((await t.db.select().from(auditLog)).map((a) => a.action)).toContain('user.deactivated');
  });

  it('deletes a member in one go, keeping their referrals for the other party', async () => {
    const admin = await signInAs(t.db, 'NETWORK_ADMIN');
    const leaving = await makeMember(t.db);
    const staying = await makeMember(t.db);
    const referral = await makeReferral(
      t.db,
      { referrerId: leaving.id, recipientId: staying.id },
      { status: 'approved' },
    );
    expect((await injectAs(t, admin, { method: 'DELETE', url: `/api/users/${leaving.id}` })).statusCode).toBe(
      204,
    );
    expect(await t.db.select().from(users).where(eq(users.id, leaving.id))).toEqual([]);
    const [kept] = await t.db.select().from(referrals).where(eq(referrals.id, referral.id));
    expect(kept).toMatchObject({ referrerId: null, reporterId: staying.id });
    expect((await t.db.select().from(auditLog)).map((a) => a.action)).toContain('user.deleted');
  });

  it('shows each member’s referrals and attendance rate, and sorts by them, from the kept figures', async () => {
    const admin = await signInAs(t.db, 'AGENCY_ADMIN');
    const ada = await makeMember(t.db, { firstName: 'Figures', lastName: 'Ada' });
    const ben = await makeMember(t.db, { firstName: 'Figures', lastName: 'Ben' });
    await makeReferral(t.db, { referrerId: ada.id, recipientId: ben.id }, { status: 'approved' });
    await makeReferral(t.db, { referrerId: ada.id, recipientId: ben.id }, { status: 'approved' });
    await makeReferral(t.db, { referrerId: ben.id, recipientId: ada.id }, { status: 'pending' });
    for (const [meetingDate, status] of [
      ['2026-09-01', 'present'],
      ['2026-09-08', 'absent'],
      ['2026-09-15', 'excused'],
    ] as const) {
      await makeAttendance(t.db, ada.id, { meetingDate, status });
    }
    const listed = async (sort: string) =>
      (await injectAs(t, admin, { method: 'GET', url: `/api/users?q=figures&sort=${sort}&dir=desc` }))
        .json()
        .items.map(
          (u: {
            lastName: string;
            referralsGiven: number;
            referralsReceived: number;
            attendanceRate: number | null;
          }) => [u.lastName, u.referralsGiven, u.referralsReceived, u.attendanceRate],
        );
    // Ada: 2 approved given, present 1 of 2 counted meetings (excused counts nowhere); Ben: 2 received, none.
    expect(await listed('attendance')).toEqual([
      ['Ada', 2, 0, 50],
      ['Ben', 0, 2, null],
    ]);
    // Ben gives one to someone outside the search: 3 referrals in all against Ada's 2.
    const other = await makeMember(t.db, { firstName: 'Other' });
    await makeReferral(t.db, { referrerId: ben.id, recipientId: other.id }, { status: 'approved' });
    expect(await listed('referrals')).toEqual([
      ['Ben', 1, 2, null],
      ['Ada', 2, 0, 50],
    ]);
  });

  it('lists with search, filters, sort and pages of 15 in a fixed number of queries', async () => {
    const admin = await signInAs(t.db, 'AGENCY_ADMIN');
    const list = (url: string) => injectAs(t, admin, { method: 'GET', url });
    const small = await recorder.count(() => list('/api/users?sort=referrals&dir=desc'));
    await t.db.insert(users).values(
      Array.from({ length: 60 }, (_, i) => ({
        email: `roster${i}@example.com`,
        slug: `roster-${i}`,
        firstName: 'Roster',
        lastName: String(i),
        role: 'MEMBER' as const,
        industry: i % 2 ? 'Plumbing' : 'Law',
      })),
    );
    expect(await recorder.count(() => list('/api/users?sort=referrals&dir=desc'))).toBe(small);
    const page = (await list('/api/users?q=roster&industry=plumbing&page=2&sort=name')).json();
    expect(page.total).toBe(30);
    expect(page.items).toHaveLength(15);
    expect(page.items.every((u: { industry: string }) => u.industry === 'Plumbing')).toBe(true);
    expect(
      (await list('/api/users?role=GUEST')).json().items.every((u: { role: string }) => u.role === 'GUEST'),
    ).toBe(true);
    expect((await list('/api/users?sort=nonsense')).statusCode).toBe(400);
  });
});
