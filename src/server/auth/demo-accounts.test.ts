import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters } from '../db/schema';
import { hashPassword } from '../lib/password';
import { createTestApp, createUser, type TestApp } from '../test/test-app';

/** The login page's one-click demo accounts, and the start banner's first one: outside production only. */
describe('GET /api/auth/demo-accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lists the demo accounts that exist with a password, in the README's order, with the shared password", async () => {
    const passwordHash = await hashPassword('demo-password');
    const [chapter] = await t.db.select({ name: chapters.name }).from(chapters).limit(1);
    // Made out of order: the answer follows the README's list (agency, then member), not the insert order.
    await createUser(t.db, 'MEMBER', {
      email: 'member@demo.test',
      firstName: 'Jake',
      lastName: 'Morales',
      passwordHash,
    });
    await createUser(t.db, 'AGENCY_ADMIN', {
      email: 'agency@demo.test',
      firstName: 'Dana',
      lastName: 'Whitfield',
      passwordHash,
    });
    // Listed in the README but without a password (signs in with Google): not offered.
    await createUser(t.db, 'GUEST', { email: 'guest@demo.test', passwordHash: null });
    // Has a password on the test domain, but is not one of the demo accounts.
    await createUser(t.db, 'NETWORK_ADMIN', { email: 'someone@demo.test', passwordHash });

    const res = await t.app.inject({ method: 'GET', url: '/api/auth/demo-accounts' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      password: 'demo-password',
      items: [
        {
          email: 'agency@demo.test',
          name: 'Dana Whitfield',
          role: 'AGENCY_ADMIN',
          chapterName: chapter!.name,
        },
        { email: 'member@demo.test', name: 'Jake Morales', role: 'MEMBER', chapterName: chapter!.name },
      ],
    });
  });

  it('does not exist without password sign-in', async () => {
    const off = await createTestApp({ env: { AUTH_TEST_DOMAIN: '' } });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/auth/demo-accounts' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('does not exist in production, even with password sign-in on', async () => {
    const production = await createTestApp({
      env: {
        NODE_ENV: 'production',
        AUTH_TEST_DOMAIN: 'demo.test',
        ALLOW_DEV_IDP_IN_PRODUCTION: 'true',
        ALLOW_MAILBOX_IN_PRODUCTION: 'true',
        SESSION_SECRET: 'a-production-secret-that-is-long-enough-123',
        LOG_LEVEL: 'silent',
      },
    });
    try {
      const config = await production.app.inject({ method: 'GET', url: '/api/auth/config' });
      expect(config.json().providers.testDomain).toBe('demo.test');
      expect(
        (await production.app.inject({ method: 'GET', url: '/api/auth/demo-accounts' })).statusCode,
      ).toBe(404);
    } finally {
      await production.close();
    }
  });
});
