import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../domain/admin/audit';
import { auditLog, sessions, users } from '../../db/schema';
import { injectAs } from '../../test/requests';
import { createTestApp, createUser, sessionFor, type TestApp } from '../../test/test-app';
import { bootstrapAgencyAdmin } from './bootstrap-admin';
import { describeGrant, GrantRefused, grantRole, parseGrant } from './grant-role';
import { listRoleHolders } from './role-holders';

/** Runs a check on an app with a database of its own, where no agency administrator exists yet. */
async function onFreshApp(check: (t: TestApp) => Promise<void>) {
  const t = await createTestApp();
  try {
    await check(t);
  } finally {
    await t.close();
  }
}

describe('parseGrant: what the operator typed', () => {
  it('takes an email in any case and a role in any case', () => {
    expect(parseGrant(' Owner@Example.COM ', 'agency_admin')).toEqual({
      email: 'owner@example.com',
      role: 'AGENCY_ADMIN',
    });
  });

  it.each([
    ['owner', 'AGENCY_ADMIN', '"owner" is not an email address.'],
    [undefined, undefined, '"" is not an email address.'],
    [
      'owner@example.com',
      'BOSS',
      '"BOSS" is not a role. Use one of GUEST, MEMBER, LEADERSHIP, NETWORK_ADMIN, AGENCY_ADMIN.',
    ],
    [
      'owner@example.com',
      undefined,
      '"" is not a role. Use one of GUEST, MEMBER, LEADERSHIP, NETWORK_ADMIN, AGENCY_ADMIN.',
    ],
  ])('refuses %s %s in one line', (email, role, message) => {
    expect(() => parseGrant(email, role)).toThrow(new GrantRefused(message));
  });
});

describe('granting a role from the command line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const rowOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];
  const auditTrail = async () => {
    const res = await injectAs(t, 'AGENCY_ADMIN', { method: 'GET', url: '/api/settings/audit-log' });
    return (res.json() as AuditPage).items.map((e) => `${e.actorName}: ${e.summary}`);
  };

  it('creates a missing account without a password or identity, audited as the command line, once', async () => {
    const first = await grantRole(
      t.db,
      { email: 'new-admin@example.com', role: 'NETWORK_ADMIN' },
      'Command line',
    );
    expect(describeGrant(first)).toBe(
      'Created new-admin@example.com as Network Administrator. They sign in with "Continue with Google" using that email.',
    );
    expect(await rowOf('new-admin@example.com')).toMatchObject({
      role: 'NETWORK_ADMIN',
      passwordHash: null,
      oidcSubject: null,
    });
    const again = await grantRole(
      t.db,
      { email: 'new-admin@example.com', role: 'NETWORK_ADMIN' },
      'Command line',
    );
    expect(describeGrant(again)).toBe(
      'new-admin@example.com is already Network Administrator; nothing changed.',
    );
    const trail = await auditTrail();
    expect(trail.filter((line) => line.includes('new-admin@example.com'))).toEqual([
      'Command line: new-admin@example.com created as Network Administrator',
    ]);
  });

  it('changes an existing account’s role, audited; the email matches in any case', async () => {
    await createUser(t.db, 'MEMBER', { email: 'mia@example.com', firstName: 'Mia', lastName: 'Member' });
    const outcome = await grantRole(t.db, { email: 'mia@example.com', role: 'LEADERSHIP' }, 'Command line');
    expect(describeGrant(outcome)).toBe('mia@example.com is now Leadership (was Member).');
    expect((await rowOf('mia@example.com'))?.role).toBe('LEADERSHIP');
    expect(await auditTrail()).toContain("Command line: Mia Member's role changed from Member to Leadership");
  });

  it('setting GUEST deactivates: audited as such, and the account’s sessions end', async () => {
    const member = await createUser(t.db, 'MEMBER', {
      email: 'gone@example.com',
      firstName: 'Gus',
      lastName: 'Gone',
    });
    await sessionFor(t.db, member.id);
    await grantRole(t.db, { email: 'gone@example.com', role: 'GUEST' }, 'Command line');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    expect(await auditTrail()).toContain('Command line: Gus Gone deactivated (was Member, now Guest)');
  });

  it('refuses to demote the last agency administrator and changes nothing', () =>
    onFreshApp(async (scratch) => {
      await createUser(scratch.db, 'AGENCY_ADMIN', { email: 'only@example.com' });
      await expect(
        grantRole(scratch.db, { email: 'only@example.com', role: 'MEMBER' }, 'Command line'),
      ).rejects.toThrow(new GrantRefused('The last Agency Admin cannot be demoted or deleted.'));
      expect((await scratch.db.select().from(users))[0]?.role).toBe('AGENCY_ADMIN');
      expect(await scratch.db.select().from(auditLog)).toEqual([]);
      // With a second one, the first may step down.
      await grantRole(scratch.db, { email: 'second@example.com', role: 'AGENCY_ADMIN' }, 'Command line');
      const stepDown = await grantRole(
        scratch.db,
        { email: 'only@example.com', role: 'MEMBER' },
        'Command line',
      );
      expect(stepDown.kind).toBe('changed');
    }));
});

describe('listing who holds a role above Member', () => {
  it('lists them highest role first with how each signs in, then counts members and guests', () =>
    onFreshApp(async (t) => {
      expect(await listRoleHolders(t.db)).toEqual([
        'No one holds a role above Member yet.',
        '0 members, 0 guests.',
      ]);
      await grantRole(t.db, { email: 'zed@example.com', role: 'AGENCY_ADMIN' }, 'Command line');
      await createUser(t.db, 'LEADERSHIP', {
        email: 'lee@example.com',
        firstName: 'Lee',
        lastName: 'Lead',
        passwordHash: 'x',
      });
      await createUser(t.db, 'NETWORK_ADMIN', {
        email: 'nia@example.com',
        firstName: 'Nia',
        lastName: 'Net',
        oidcIssuer: 'https://accounts.google.com',
        oidcSubject: 'nia',
      });
      await createUser(t.db, 'MEMBER');
      await createUser(t.db, 'MEMBER');
      await createUser(t.db, 'GUEST');
      expect(await listRoleHolders(t.db)).toEqual([
        'Agency Administrator   zed@example.com: has not signed in yet',
        'Network Administrator  nia@example.com (Nia Net): signs in with the identity provider',
        'Leadership             lee@example.com (Lee Lead): signs in with a password',
        '2 members, 1 guest.',
      ]);
    }));
});

describe('BOOTSTRAP_ADMIN_EMAIL', () => {
  it('grants Agency Administrator while there is none, audited as start-up, and never after', () =>
    onFreshApp(async (t) => {
      const first = await bootstrapAgencyAdmin(t.db, 'boot@example.com');
      expect(first && describeGrant(first)).toBe(
        'Created boot@example.com as Agency Administrator. They sign in with "Continue with Google" using that email.',
      );
      // A restart with the same or another address changes nothing once an agency administrator exists.
      expect(await bootstrapAgencyAdmin(t.db, 'boot@example.com')).toBeNull();
      expect(await bootstrapAgencyAdmin(t.db, 'someone-else@example.com')).toBeNull();
      const rows = await t.db.select({ email: users.email, role: users.role }).from(users);
      expect(rows).toEqual([{ email: 'boot@example.com', role: 'AGENCY_ADMIN' }]);
      const [entry] = await t.db.select().from(auditLog);
      expect(entry).toMatchObject({
        actorId: null,
        actorLabel: 'Start-up (BOOTSTRAP_ADMIN_EMAIL)',
        action: 'user.created',
      });
    }));

  it('promotes an existing account while there is no agency administrator', () =>
    onFreshApp(async (t) => {
      await createUser(t.db, 'NETWORK_ADMIN', { email: 'net@example.com' });
      const outcome = await bootstrapAgencyAdmin(t.db, 'net@example.com');
      expect(outcome && describeGrant(outcome)).toBe(
        'net@example.com is now Agency Administrator (was Network Administrator).',
      );
    }));

  it('two instances starting together with different addresses grant one of them only', () =>
    onFreshApp(async (t) => {
      const outcomes = await Promise.all([
        bootstrapAgencyAdmin(t.db, 'first@example.com'),
        bootstrapAgencyAdmin(t.db, 'second@example.com'),
        bootstrapAgencyAdmin(t.db, 'third@example.com'),
      ]);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      const admins = await t.db.select().from(users).where(eq(users.role, 'AGENCY_ADMIN'));
      expect(admins).toHaveLength(1);
      expect(await t.db.select().from(users)).toHaveLength(1);
    }));
});
