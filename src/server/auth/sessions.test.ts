import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../domain/auth/contracts';
import { MESSAGES } from '../../domain/messages';
import { sessions, users } from '../db/schema';
import { hashPassword } from '../lib/password';
import { createTestApp, createUser, sessionFor, signInAs, type TestApp } from '../test/test-app';

describe('sessions, password sign-in and CSRF', () => {
  let t: TestApp;
  let passwordHash: string;
  beforeAll(async () => {
    t = await createTestApp({
      extraRoutes: (app) => {
        app.get('/api/test/leaders', { config: { access: { minRole: 'LEADERSHIP' } } }, async () => ({
          ok: true,
        }));
        app.post('/api/test/echo', { config: { access: 'signed-in' } }, async () => ({ ok: true }));
      },
    });
    passwordHash = await hashPassword('demo-password');
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, headers });

  it('tells the web which providers are on and the network name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      networkName: 'NoCo Referral Network',
      publicUrl: 'http://localhost:3999',
      social: { linkedin: null, facebook: null, instagram: null },
      providers: { google: true, googleIsDevelopment: true, testDomain: 'demo.test' },
    });
  });

  it('answers 401 for the current user and CSRF token when signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    const csrf = await t.app.inject({ method: 'GET', url: '/api/csrf-token' });
    expect(csrf.statusCode).toBe(401);
    expect(csrf.json()).toEqual({ code: 'UNAUTHENTICATED', message: AUTH_MESSAGES.signInRequired });
  });

  it('signs a test-domain account in with a session cookie', async () => {
    await createUser(t.db, 'MEMBER', { email: 'pat@demo.test', passwordHash });
    const res = await signIn('Pat@demo.test', 'demo-password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'pat@demo.test', role: 'MEMBER' });
    expect(res.json()).not.toHaveProperty('accessToken');
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // The readable hint holds no secret: only that a session was opened, expiring with it.
    const hint = res.cookies.find((c) => c.name === 'signed_in');
    expect(hint).toMatchObject({ value: '1', sameSite: 'Lax', path: '/' });
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.expires?.getTime()).toBe(cookie?.expires?.getTime());
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `sid=${cookie!.value}` },
    });
    expect(me.json()).toMatchObject({ email: 'pat@demo.test' });
    const csrf = await t.app.inject({
      method: 'GET',
      url: '/api/csrf-token',
      headers: { cookie: `sid=${cookie!.value}` },
    });
    expect(csrf.json().csrfToken).toMatch(/^[\w-]{40,}$/);
  });

  it('refuses wrong passwords, unknown emails and other domains with the same answer', async () => {
    await createUser(t.db, 'MEMBER', { email: 'lee@demo.test', passwordHash });
    await createUser(t.db, 'MEMBER', { email: 'lee@example.com', passwordHash });
    const answers = await Promise.all([
      signIn('lee@demo.test', 'wrong-password'),
      signIn('nobody@demo.test', 'demo-password'),
      signIn('lee@example.com', 'demo-password'),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: AUTH_MESSAGES.invalidCredentials });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('validates the sign-in body', async () => {
    const res = await signIn('not-an-email', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      email: ['Invalid email'],
      password: ['Password is required'],
    });
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'a@demo.test', password: 'x', role: 'AGENCY_ADMIN' },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('answers 429 after repeated failures, even for the right password', async () => {
    await createUser(t.db, 'MEMBER', { email: 'locked@demo.test', passwordHash });
    for (let i = 0; i < 5; i++) expect((await signIn('locked@demo.test', 'nope')).statusCode).toBe(401);
    const res = await signIn('locked@demo.test', 'demo-password');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 'RATE_LIMITED', message: AUTH_MESSAGES.tooManyAttempts });
  });

  it('hands a bearer token to API clients that ask, and accepts it', async () => {
    await createUser(t.db, 'MEMBER', { email: 'api@demo.test', passwordHash });
    const res = await signIn('api@demo.test', 'demo-password', { 'x-session-transport': 'bearer' });
    const token = res.json().accessToken as string;
    expect(token).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    // Bearer requests need no CSRF token.
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('revokes the cookie session at sign-out', async () => {
    const s = await signInAs(t.db, 'MEMBER');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: s.unsafe });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect(out.cookies.find((c) => c.name === 'signed_in')?.value).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: s.cookie })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: s.bearer })).statusCode).toBe(
      401,
    );
  });

  describe('CSRF', () => {
    it('refuses a cookie request without the token, and changes nothing', async () => {
      const s = await signInAs(t.db, 'MEMBER');
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: s.cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'CSRF', message: AUTH_MESSAGES.csrfInvalid });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: s.cookie })).statusCode,
      ).toBe(200);
    });

    it("refuses another session's token", async () => {
      const a = await signInAs(t.db, 'MEMBER');
      const b = await signInAs(t.db, 'MEMBER');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { ...a.cookie, 'x-csrf-token': b.csrfToken },
      });
      expect(res.statusCode).toBe(403);
    });

    // A sibling subdomain (same-site) is refused like another site.
    for (const site of ['cross-site', 'same-site'])
      it(`refuses a ${site} request even with the right token`, async () => {
        const s = await signInAs(t.db, 'MEMBER');
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/test/echo',
          headers: { ...s.unsafe, 'sec-fetch-site': site },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ code: 'CSRF', message: 'Cross-site requests are not allowed' });
      });

    it('accepts the right token from the same origin', async () => {
      const s = await signInAs(t.db, 'MEMBER');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { ...s.unsafe, 'sec-fetch-site': 'same-origin' },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('roles', () => {
    it('enforces a minimum role and reads the role fresh on every request', async () => {
      const s = await signInAs(t.db, 'MEMBER');
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/test/leaders', headers: s.cookie })).statusCode,
      ).toBe(403);
      await t.db.update(users).set({ role: 'LEADERSHIP' }).where(eq(users.id, s.userId));
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/test/leaders', headers: s.cookie })).statusCode,
      ).toBe(200);
      await t.db.update(users).set({ role: 'GUEST' }).where(eq(users.id, s.userId));
      const demoted = await t.app.inject({ method: 'GET', url: '/api/test/leaders', headers: s.cookie });
      expect(demoted.statusCode).toBe(403);
      expect(demoted.json()).toEqual({ code: 'FORBIDDEN', message: MESSAGES.forbidden });
      expect((await t.app.inject({ method: 'GET', url: '/api/test/leaders' })).statusCode).toBe(401);
    });

    it('revokes every session of a deleted user', async () => {
      const s = await signInAs(t.db, 'MEMBER');
      const second = await sessionFor(t.db, s.userId);
      await t.db.delete(users).where(eq(users.id, s.userId));
      const left = await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, s.userId));
      expect(left[0]?.n).toBe(0);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: second.bearer })).statusCode,
      ).toBe(401);
    });
  });
});
