import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { runAdminCommand, runNpmScript } from '../test/admin-cli';
import { CookieJar } from '../test/cookie-jar';
import { get, signInWithDevProvider } from '../test/dev-provider-flow';
import { followProviderUntil, startTestIssuer, type TestIssuer } from '../test/oidc-issuer';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/test-app';

const CALLBACK = `${TEST_ORIGIN}/api/auth/google/callback`;
const OWNER = { email: 'owner@example.com', emailVerified: true, givenName: 'Olive', familyName: 'Owner' };

/**
 * On a fresh PostgreSQL database, `npm run admin -- grant owner@example.com
 * AGENCY_ADMIN`, then the owner's first sign-in through the real OIDC code path with a provider trusted to
 * verify emails links to that account and lands as Agency Administrator.
 */
describe('the first administrator', () => {
  let issuer: TestIssuer;
  let trusted: TestApp;
  let untrusted: TestApp;
  beforeAll(async () => {
    issuer = await startTestIssuer(CALLBACK);
    const oidcEnv = {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: issuer.clientId,
      OIDC_CLIENT_SECRET: issuer.clientSecret,
    };
    // One flag apart: this provider is trusted to verify emails as Google is, or not.
    trusted = await createTestApp({ env: { ...oidcEnv, OIDC_LINK_VERIFIED_EMAIL: 'true' } });
    untrusted = await createTestApp({ env: oidcEnv });
  });
  afterAll(async () => {
    await Promise.all([trusted?.close(), untrusted?.close()]);
    await issuer?.close();
  });

  /** "Continue with Google" in a browser: the app, the provider's pages, back to the app's callback. */
  async function signInWithIssuer(t: TestApp, person: typeof OWNER) {
    issuer.signInAs(person);
    const jar = new CookieJar();
    const start = await get(t.app, '/api/auth/google', jar);
    expect(start.statusCode).toBe(302);
    const callbackUrl = await followProviderUntil(TEST_ORIGIN, start.headers.location as string);
    const callback = await get(t.app, callbackUrl, jar);
    return { callback, jar };
  }

  const grantOwner = (t: TestApp) =>
    runAdminCommand(['grant', OWNER.email, 'AGENCY_ADMIN'], {
      DATABASE_URL: t.testDb.url!,
      MIGRATION_DATABASE_URL: t.testDb.ownerUrl!,
    });

  it('a granted account is claimed by its owner’s first verified sign-in and lands as Agency Administrator', async () => {
    expect(trusted.testDb.url, 'this journey needs PostgreSQL').toBeTruthy();
    const granted = await grantOwner(trusted);
    expect(granted).toMatchObject({ code: 0, stderr: '' });
    expect(granted.stdout).toBe(
      'Created owner@example.com as Agency Administrator. They sign in with "Continue with Google" using that email.',
    );
    const [account] = await trusted.db.select().from(users).where(eq(users.email, OWNER.email));
    expect(account).toMatchObject({ role: 'AGENCY_ADMIN', passwordHash: null, oidcSubject: null });

    const { callback, jar } = await signInWithIssuer(trusted, { ...OWNER, email: 'Owner@Example.com' });
    expect(callback.headers.location).toBe('/auth-success?signin=success');
    const me = await get(trusted.app, '/api/auth/user', jar);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: account!.id,
      email: 'owner@example.com',
      role: 'AGENCY_ADMIN',
      firstName: 'Olive',
      lastName: 'Owner',
      slug: 'olive-owner',
    });
    // The next sign-in finds the same account by its identity.
    const again = await signInWithIssuer(trusted, OWNER);
    expect((await get(trusted.app, '/api/auth/user', again.jar)).json()).toMatchObject({ id: account!.id });
    expect(await trusted.db.select({ id: users.id }).from(users)).toHaveLength(1);
  });

  it('an unverified email at the trusted provider claims nothing', async () => {
    await runAdminCommand(['grant', 'unverified-owner@example.com', 'AGENCY_ADMIN'], {
      DATABASE_URL: trusted.testDb.url!,
      MIGRATION_DATABASE_URL: trusted.testDb.ownerUrl!,
    });
    const { callback } = await signInWithIssuer(trusted, {
      ...OWNER,
      email: 'unverified-owner@example.com',
      emailVerified: false,
    });
    expect(callback.headers.location).toBe('/login?error=unverified');
    const [account] = await trusted.db
      .select({ subject: users.oidcSubject })
      .from(users)
      .where(eq(users.email, 'unverified-owner@example.com'));
    expect(account).toEqual({ subject: null });
  });

  it('a provider not trusted to verify emails cannot claim the granted account', async () => {
    expect((await grantOwner(untrusted)).code).toBe(0);
    const { callback, jar } = await signInWithIssuer(untrusted, OWNER);
    expect(callback.headers.location).toBe('/login?error=email_in_use');
    expect((await get(untrusted.app, '/api/auth/user', jar)).statusCode).toBe(401);
    const [account] = await untrusted.db
      .select({ subject: users.oidcSubject })
      .from(users)
      .where(eq(users.email, OWNER.email));
    expect(account).toEqual({ subject: null });
  });

  it('a member imported from a spreadsheet is claimed by their first verified sign-in', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'noco-import-claim-'));
    const file = join(dir, 'roster.csv');
    writeFileSync(file, 'Email,First Name,Last Name,Role\nmia@example.com,Mia,Imported,Leadership\n');
    const imported = await runNpmScript('import', ['members', file], {
      DATABASE_URL: trusted.testDb.url!,
      MIGRATION_DATABASE_URL: trusted.testDb.ownerUrl!,
    });
    expect(imported.stdout.split('\n').at(-1)).toBe('Imported: 1 new, 0 updated, 0 unchanged.');
    const [account] = await trusted.db.select().from(users).where(eq(users.email, 'mia@example.com'));
    expect(account).toMatchObject({ role: 'LEADERSHIP', passwordHash: null, oidcSubject: null });

    const mia = { email: 'mia@example.com', emailVerified: true, givenName: 'Mia', familyName: 'Imported' };
    const { jar } = await signInWithIssuer(trusted, mia);
    expect((await get(trusted.app, '/api/auth/user', jar)).json()).toMatchObject({
      id: account!.id,
      role: 'LEADERSHIP',
    });
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('the development provider never links a granted account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses the granted email with email_in_use and leaves the account unclaimed', async () => {
    expect(t.testDb.url, 'this journey needs PostgreSQL').toBeTruthy();
    expect(
      (
        await runAdminCommand(['grant', OWNER.email, 'AGENCY_ADMIN'], {
          DATABASE_URL: t.testDb.url!,
          MIGRATION_DATABASE_URL: t.testDb.ownerUrl!,
        })
      ).code,
    ).toBe(0);
    const { callback, jar } = await signInWithDevProvider(t.app, { email: OWNER.email, name: 'Olive Owner' });
    expect(callback.headers.location).toBe('/login?error=email_in_use');
    expect((await get(t.app, '/api/auth/user', jar)).statusCode).toBe(401);
    const [account] = await t.db
      .select({ role: users.role, subject: users.oidcSubject })
      .from(users)
      .where(eq(users.email, OWNER.email));
    expect(account).toEqual({ role: 'AGENCY_ADMIN', subject: null });
  });
});
