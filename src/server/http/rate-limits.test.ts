import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../domain/dates';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { notifications, rateLimitCounters, referrals } from '../db/schema';
import { unsubscribeToken } from '../modules/notifications/unsubscribe-token';
import { injectAs } from '../test/requests';
import { createTestApp, type SignedIn, signInAs, TEST_ORIGIN, type TestApp } from '../test/test-app';
import { deleteStaleRateLimitCounters } from './rate-limits';

// The chapter's today: in UTC it is already tomorrow in Denver each evening, a sale date the server refuses.
const today = todayIn();
const referralsCount = async (t: TestApp) =>
  Number((await t.db.select({ n: count() }).from(referrals))[0]!.n);
const notificationsCount = async (t: TestApp) =>
  Number((await t.db.select({ n: count() }).from(notifications))[0]!.n);

describe('rate limits (429 RATE_LIMITED with Retry-After, counted in PostgreSQL)', () => {
  let t: TestApp;
  let ann: SignedIn;
  let bo: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    ann = await signInAs(t.db, 'MEMBER', { firstName: 'Ann', lastName: 'Burst' });
    bo = await signInAs(t.db, 'MEMBER', { firstName: 'Bo', lastName: 'Target' });
  });
  afterAll(() => t.close());

  const give = (from: SignedIn, to: SignedIn) =>
    injectAs(t, from, {
      method: 'POST',
      url: '/api/referrals/give',
      payload: { toMemberId: to.userId, amount: '10.00', saleDate: today },
    });

  it('lets a member send 30 writes that notify in 10 minutes; the 31st is refused and changes nothing', async () => {
    for (let i = 0; i < 30; i += 1) expect((await give(ann, bo)).statusCode).toBe(201);
    const before = { referrals: await referralsCount(t), notifications: await notificationsCount(t) };
    expect(before.referrals).toBe(30);

    const refused = await give(ann, bo);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please try again in 10 minutes.',
    });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(9 * 60);
    expect(wait).toBeLessThanOrEqual(10 * 60);
    expect({ referrals: await referralsCount(t), notifications: await notificationsCount(t) }).toEqual(
      before,
    );

    // One budget for every write that notifies: deciding a referral counts against it too...
    const [pending] = await t.db.select({ id: referrals.id }).from(referrals).limit(1);
    const decide = await injectAs(t, ann, {
      method: 'PATCH',
      url: `/api/referrals/${pending!.id}/status`,
      payload: { status: 'approved' },
    });
    expect(decide.statusCode).toBe(429);
    // ...while the limit is Ann's alone: Bo still writes, and Ann still reads.
    expect((await give(bo, ann)).statusCode).toBe(201);
    expect((await injectAs(t, ann, { method: 'GET', url: '/api/referrals' })).statusCode).toBe(200);
  });

  it('opens again when the window has passed', async () => {
    await t.db
      .update(rateLimitCounters)
      .set({ windowStartedAt: sql`now() - interval '10 minutes 1 second'` })
      .where(sql`${rateLimitCounters.key} like ${`%member:${ann.userId}%`}`);
    expect((await give(ann, bo)).statusCode).toBe(201);
  });

  it('does not count a write refused as invalid', async () => {
    const cleo = await signInAs(t.db, 'MEMBER');
    for (let i = 0; i < 35; i += 1) {
      const bad = await injectAs(t, cleo, {
        method: 'POST',
        url: '/api/referrals/give',
        payload: { toMemberId: bo.userId, amount: 'lots', saleDate: today },
      });
      expect(bad.statusCode).toBe(400);
    }
    expect((await give(cleo, bo)).statusCode).toBe(201);
  });

  it('gives a member 10 picture upload URLs an hour, across two app instances on one database', async (ctx) => {
    if (!t.testDb.url) return ctx.skip(); // PGlite is one process: CI runs this on PostgreSQL.
    const second = openDatabase({ databaseUrl: t.testDb.url, dataDir: 'unused' });
    const other = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: TEST_ORIGIN, DATA_DIR: t.app.config.dataDir }),
      database: second,
    });
    try {
      const dana = await signInAs(t.db, 'MEMBER');
      const ask = (app: typeof other) =>
        app.inject({
          method: 'POST',
          url: '/api/profile/upload-url',
          headers: dana.unsafe,
          payload: { contentType: 'image/png' },
        });
      for (let i = 0; i < 5; i += 1) {
        expect((await ask(t.app)).statusCode).toBe(200);
        expect((await ask(other)).statusCode).toBe(200);
      }
      const refused = await ask(other);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
      expect((await ask(t.app)).statusCode).toBe(429);
    } finally {
      await other.close();
      await second.close();
    }
  });

  it('counts the unsubscribe form and the development sign-in form per address', async () => {
    const token = unsubscribeToken(t.app.config.sessionSecret, bo.userId, 'referral_awaiting');
    const unsubscribe = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: `/email/unsubscribe?token=${encodeURIComponent(token)}`,
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    for (let i = 0; i < 10; i += 1) expect((await unsubscribe('10.9.0.1')).statusCode).toBe(200);
    const refused = await unsubscribe('10.9.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await unsubscribe('10.9.0.2')).statusCode).toBe(200);

    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/dev-idp/interaction/unknown-uid/login',
        remoteAddress: '10.9.0.3',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%40b.example&name=A',
      });
    for (let i = 0; i < 30; i += 1) expect((await signIn()).statusCode).not.toBe(429);
    expect((await signIn()).statusCode).toBe(429);
  });

  it('keeps one row per key and window in the shared table', async () => {
    const rows = await t.db
      .select({ key: rateLimitCounters.key, hits: rateLimitCounters.hits })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `group:notify|member:${bo.userId}notify`));
    expect(rows).toEqual([{ key: `group:notify|member:${bo.userId}notify`, hits: 1 }]);
  });
});

describe('the sweep of passed windows', () => {
  it('deletes counters whose window has passed and keeps live ones', async () => {
    const t = await createTestApp();
    try {
      await t.db.insert(rateLimitCounters).values([
        { key: 'passed', windowStartedAt: new Date(Date.now() - 61_000), windowMs: 60_000, hits: 3 },
        { key: 'live', windowStartedAt: new Date(Date.now() - 59_000), windowMs: 60_000, hits: 3 },
      ]);
      await deleteStaleRateLimitCounters(t.db);
      const keys = await t.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
      expect(keys).toEqual([{ key: 'live' }]);
    } finally {
      await t.close();
    }
  });
});
