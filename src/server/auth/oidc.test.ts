import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../db/schema';
import { CookieJar } from '../test/cookie-jar';
import {
  formTokenOf,
  get,
  postForm,
  runProviderUntilCallback,
  signInWithDevProvider,
} from '../test/dev-provider-flow';
import { createTestApp, signInAs, type TestApp } from '../test/test-app';

describe('Continue with Google (OIDC against the development provider)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sessionCount = async () => (await t.db.select({ n: count() }).from(sessions))[0]?.n ?? 0;

  it('starts with PKCE S256, state and nonce, keeping them in an httpOnly transaction cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google',
      headers: { host: 'localhost:3999' },
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.pathname).toBe('/dev-idp/auth');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toBeTruthy();
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3999/api/auth/google/callback');
    const tx = res.cookies.find((c) => c.name === 'oidc_tx');
    expect(tx?.httpOnly).toBe(true);
    expect(tx?.sameSite).toBe('Lax');
  });

  it('loads the development provider on first use without its expected warnings', async () => {
    const warnings: unknown[][] = [];
    const spy = vi.spyOn(console, 'warn').mockImplementation((...args) => void warnings.push(args));
    // A fresh app: building it used to construct the provider, which warned about its in-memory store.
    const fresh = await createTestApp();
    try {
      await signInWithDevProvider(fresh.app, { email: 'quiet@example.com', name: 'Quiet Start' });
    } finally {
      spy.mockRestore();
      await fresh.close();
    }
    expect(warnings.map((w) => String(w[0])).filter((w) => w.includes('oidc-provider'))).toEqual([]);
  });

  it('creates a GUEST on first sign-in and opens a session', async () => {
    const { callback, jar } = await signInWithDevProvider(t.app, {
      email: 'Ada.Byron@Example.com',
      name: 'Ada Byron',
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/auth-success?signin=success');
    const me = await get(t.app, '/api/auth/user', jar);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'ada.byron@example.com',
      role: 'GUEST',
      firstName: 'Ada',
      lastName: 'Byron',
      slug: 'ada-byron',
      hasApplication: false,
      applicationStatus: null,
    });
  });

  it('finds the same user on the next sign-in', async () => {
    await signInWithDevProvider(t.app, { email: 'grace@example.com', name: 'Grace Hopper' });
    await signInWithDevProvider(t.app, { email: 'grace@example.com', name: 'Grace Hopper' });
    const rows = await t.db.select().from(users).where(eq(users.email, 'grace@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('creates no session when the state does not match', async () => {
    const before = await sessionCount();
    const { callbackUrl, jar } = await runProviderUntilCallback(t.app, {
      email: 'mallory@example.com',
      name: 'Mal Lory',
    });
    const forged = new URL(callbackUrl);
    forged.searchParams.set('state', 'not-the-state');
    const res = await get(t.app, forged.toString(), jar);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/login\?error=/);
    expect(await sessionCount()).toBe(before);
  });

  it('creates no session when a code is replayed', async () => {
    const { callbackUrl, jar } = await runProviderUntilCallback(t.app, {
      email: 'replay@example.com',
      name: 'Re Play',
    });
    // Keep a copy of the transaction cookie, as an attacker replaying the whole request would.
    const replayJar = Object.assign(new CookieJar(), structuredClone(jar));
    const first = await get(t.app, callbackUrl, jar);
    expect(first.headers.location).toBe('/auth-success?signin=success');
    const before = await sessionCount();
    const again = await get(t.app, callbackUrl, replayJar);
    expect(again.headers.location).toMatch(/^\/login\?error=/);
    expect(await sessionCount()).toBe(before);
  });

  it('sends a cancelled sign-in back to /login with a message', async () => {
    const { callbackUrl, jar } = await runProviderUntilCallback(
      t.app,
      { email: 'cancel@example.com', name: 'Can Cel' },
      { cancel: true },
    );
    const res = await get(t.app, callbackUrl, jar);
    expect(res.headers.location).toBe('/login?error=cancelled');
  });

  it('refuses an unverified email', async () => {
    const before = await sessionCount();
    const { callback } = await signInWithDevProvider(t.app, {
      email: 'unverified@example.com',
      name: 'Un Verified',
    });
    expect(callback.headers.location).toBe('/login?error=unverified');
    expect(await sessionCount()).toBe(before);
    expect(await t.db.select().from(users).where(eq(users.email, 'unverified@example.com'))).toHaveLength(0);
  });

  it('refuses a callback without the transaction cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=x&state=y' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/login\?error=/);
  });

  it('signs in through the form while another account is signed in in the same browser', async () => {
    const other = await signInAs(t.db, 'MEMBER');
    const jar = new CookieJar();
    jar.set('sid', other.token);
    const person = { email: 'second-account@example.com', name: 'Second Account' };
    const { callbackUrl } = await runProviderUntilCallback(t.app, person, {}, jar);
    const callback = await get(t.app, callbackUrl, jar);
    expect(callback.statusCode).toBe(302);
    const [created] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, person.email));
    expect(created).toBeDefined();
    expect(jar.get('sid')).not.toBe(other.token);
  });

  it('refuses the sign-in form without its page token and offers a fresh one, signing no one in', async () => {
    const jar = new CookieJar();
    const start = await get(t.app, '/api/auth/google', jar);
    const interactionUrl = (await get(t.app, start.headers.location as string, jar)).headers
      .location as string;
    const page = await get(t.app, interactionUrl, jar);
    const action = `${new URL(interactionUrl, 'http://x').pathname}/login`;
    const person = { email: 'tokenless@example.com', name: 'No Token' };
    for (const form_token of ['', `${formTokenOf(page.body)}x`]) {
      const refused = await postForm(t.app, action, { ...person, form_token }, jar);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('This form was open too long or was already sent. Please try again.');
    }
    const retried = await postForm(t.app, action, { ...person, form_token: formTokenOf(page.body) }, jar);
    // The token was spent by nothing above (refusals never spend a valid token), so it still works once.
    expect(retried.statusCode).toBe(303);
    const again = await postForm(t.app, action, { ...person, form_token: formTokenOf(page.body) }, jar);
    expect(again.statusCode).toBe(400);
  });

  it('gives two people with the same name distinct slugs', async () => {
    await signInWithDevProvider(t.app, { email: 'sam1@example.com', name: 'Sam Same' });
    await signInWithDevProvider(t.app, { email: 'sam2@example.com', name: 'Sam Same' });
    const slugs = (await t.db.select({ slug: users.slug }).from(users)).map((r) => r.slug);
    expect(slugs).toEqual(expect.arrayContaining(['sam-same', 'sam-same-2']));
  });
});

describe('the development sign-in page with an unknown or expired interaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/dev-idp/interaction/unknown-uid'],
    ['POST', '/dev-idp/interaction/unknown-uid/login'],
    ['POST', '/dev-idp/interaction/unknown-uid/abort'],
  ] as const)('%s %s answers at once with a page linking back to /login', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
      },
      payload: method === 'POST' ? 'email=a%40example.com&name=A' : undefined,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('This sign-in has expired');
    expect(res.body).toContain('href="/login"');
  });
});
