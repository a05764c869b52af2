import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { hashPassword } from '../lib/password';
import { get, signInWithDevProvider } from '../test/dev-provider-flow';
import { createTestApp, createUser, type TestApp } from '../test/test-app';
import { EmailInUseError, findOrCreateOidcUser } from './oidc-user';

const GOOGLE = 'https://accounts.google.com';

/** Typing someone else's email at the development provider must never open their account. */
describe('no account takeover through email linking', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const identityOf = async (id: string) =>
    (
      await t.db
        .select({ issuer: users.oidcIssuer, subject: users.oidcSubject })
        .from(users)
        .where(eq(users.id, id))
    )[0];
  const sessionsOf = async (id: string) =>
    (await t.db.select().from(sessions).where(eq(sessions.userId, id))).length;

  it.each([
    ['an agency administrator with a password', 'AGENCY_ADMIN', 'agency-x@demo.test'],
    ['a network administrator with a password', 'NETWORK_ADMIN', 'admin-x@demo.test'],
    ['a member with a password', 'MEMBER', 'member-x@demo.test'],
  ] as const)('the development provider cannot sign in as %s', async (_label, role, email) => {
    const victim = await createUser(t.db, role, { email, passwordHash: await hashPassword('secret-pass') });
    const { callback, jar } = await signInWithDevProvider(t.app, { email, name: 'Mallory Attacker' });
    expect(callback.headers.location).toBe('/login?error=email_in_use');
    expect((await get(t.app, '/api/auth/user', jar)).statusCode).toBe(401);
    expect(await sessionsOf(victim.id)).toBe(0);
    expect(await identityOf(victim.id)).toEqual({ issuer: null, subject: null });
  });

  it('the development provider does not link even an account without password or identity', async () => {
    const victim = await createUser(t.db, 'LEADERSHIP', { email: 'plain-leader@example.com' });
    const { callback } = await signInWithDevProvider(t.app, {
      email: 'Plain-Leader@example.com',
      name: 'Not Them',
    });
    expect(callback.headers.location).toBe('/login?error=email_in_use');
    expect(await sessionsOf(victim.id)).toBe(0);
    expect(await identityOf(victim.id)).toEqual({ issuer: null, subject: null });
  });

  it('an account created by one identity is not taken by another identity with the same email', async () => {
    const owner = await findOrCreateOidcUser(t.db, {
      issuer: GOOGLE,
      subject: 'google-owner',
      email: 'owned@example.com',
      name: 'Owen Owner',
    });
    const { callback } = await signInWithDevProvider(t.app, { email: 'owned@example.com', name: 'Eve' });
    expect(callback.headers.location).toBe('/login?error=email_in_use');
    await expect(
      findOrCreateOidcUser(t.db, { issuer: GOOGLE, subject: 'google-other', email: 'owned@example.com' }),
    ).rejects.toBeInstanceOf(EmailInUseError);
    expect(await identityOf(owner)).toEqual({ issuer: GOOGLE, subject: 'google-owner' });
  });

  it('Google links an account that has no identity and no password, once', async () => {
    const invited = await createUser(t.db, 'MEMBER', { email: 'invited@example.com' });
    const id = await findOrCreateOidcUser(t.db, {
      issuer: GOOGLE,
      subject: 'google-invited',
      email: 'Invited@Example.com',
    });
    expect(id).toBe(invited.id);
    expect(await identityOf(invited.id)).toEqual({ issuer: GOOGLE, subject: 'google-invited' });
    // The next sign-in finds it by (issuer, subject).
    expect(
      await findOrCreateOidcUser(t.db, { issuer: GOOGLE, subject: 'google-invited', email: 'x@example.com' }),
    ).toBe(invited.id);
  });

  it('Google does not link an account that has a password', async () => {
    const demo = await createUser(t.db, 'AGENCY_ADMIN', {
      email: 'pw-owner@example.com',
      passwordHash: await hashPassword('secret-pass'),
    });
    await expect(
      findOrCreateOidcUser(t.db, { issuer: GOOGLE, subject: 'google-pw', email: 'pw-owner@example.com' }),
    ).rejects.toBeInstanceOf(EmailInUseError);
    expect(await identityOf(demo.id)).toEqual({ issuer: null, subject: null });
  });
});

describe('no takeover with the development provider allowed in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        ALLOW_DEV_IDP_IN_PRODUCTION: 'true',
        ALLOW_MAILBOX_IN_PRODUCTION: 'true',
        SESSION_SECRET: 'a-production-secret-that-is-long-enough-123',
        LOG_LEVEL: 'silent',
      },
    });
  });
  afterAll(() => t.close());

  it('refuses the existing email and opens no session', async () => {
    const victim = await createUser(t.db, 'AGENCY_ADMIN', { email: 'prod-agency@demo.test' });
    const { callback } = await signInWithDevProvider(t.app, { email: 'prod-agency@demo.test', name: 'X' });
    expect(callback.headers.location).toBe('/login?error=email_in_use');
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, victim.id))).length).toBe(0);
  });
});
