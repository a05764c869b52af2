import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { makeApplication, makeAttendance, makeMember, makeReferral } from './factories';
import { expectFixedQueryCount, queryRecorder } from './query-count';
import { expectRefusedBelow, injectAs, rolesBelow } from './requests';
import { createTestApp, type TestApp } from './test-app';

/** The shared test helpers must be able to fail: each is run once against a route that breaks its rule. */
describe('test helpers', () => {
  let t: TestApp;
  let writes = 0;
  const recorder = queryRecorder();
  beforeAll(async () => {
    t = await createTestApp({
      onQuery: recorder.onQuery,
      extraRoutes: (app) => {
        app.post('/api/test/leaders-write', { config: { access: { minRole: 'LEADERSHIP' } } }, async () => {
          writes += 1;
          return { ok: true };
        });
        // Too lenient on purpose: members get in.
        app.post('/api/test/members-write', { config: { access: { minRole: 'MEMBER' } } }, async () => ({
          ok: true,
        }));
        // One query per user: the N+1 a fixed-count check must catch.
        app.get('/api/test/n-plus-one', { config: { access: 'public' } }, async () => {
          const ids = await app.database.db.select({ id: users.id }).from(users);
          for (const { id } of ids) await app.database.db.execute(sql`select ${id}::uuid`);
          return { n: ids.length };
        });
        app.get('/api/test/one-query', { config: { access: 'public' } }, async () =>
          app.database.db.select({ id: users.id }).from(users),
        );
      },
    });
  });
  afterAll(() => t.close());

  it('injectAs signs in by role or session, adds the CSRF header to writes, and sends strangers bare', async () => {
    expect(
      (await injectAs(t, 'NETWORK_ADMIN', { method: 'POST', url: '/api/test/leaders-write' })).statusCode,
    ).toBe(200);
    expect((await injectAs(t, null, { method: 'POST', url: '/api/test/leaders-write' })).statusCode).toBe(
      401,
    );
    expect((await injectAs(t, 'MEMBER', { method: 'POST', url: '/api/test/leaders-write' })).statusCode).toBe(
      403,
    );
  });

  it('rolesBelow lists the lower ranks only', () => {
    expect(rolesBelow('LEADERSHIP')).toEqual(['GUEST', 'MEMBER']);
    expect(rolesBelow('GUEST')).toEqual([]);
  });

  it('expectRefusedBelow passes on a correct route and fails on a lenient one or on a change', async () => {
    await expectRefusedBelow(
      t,
      'LEADERSHIP',
      { method: 'POST', url: '/api/test/leaders-write' },
      async () => writes,
    );
    await expect(
      expectRefusedBelow(t, 'LEADERSHIP', { method: 'POST', url: '/api/test/members-write' }, async () => 0),
    ).rejects.toThrow(/MEMBER must be refused/);
    let reads = 0;
    await expect(
      expectRefusedBelow(t, 'LEADERSHIP', { method: 'POST', url: '/api/test/leaders-write' }, async () => {
        reads += 1;
        return reads;
      }),
    ).rejects.toThrow(/changed something/);
  });

  it('expectFixedQueryCount passes on one query and catches an N+1', async () => {
    const grow = () => makeMember(t.db);
    await expectFixedQueryCount(
      recorder,
      () => t.app.inject({ method: 'GET', url: '/api/test/one-query' }),
      grow,
    );
    await expect(
      expectFixedQueryCount(
        recorder,
        () => t.app.inject({ method: 'GET', url: '/api/test/n-plus-one' }),
        grow,
      ),
    ).rejects.toThrow(/query count grew/);
  });

  it('factories write rows with defaults and overrides', async () => {
    const [referrer, recipient] = [await makeMember(t.db), await makeMember(t.db, { role: 'LEADERSHIP' })];
    expect(recipient.role).toBe('LEADERSHIP');
    const referral = await makeReferral(
      t.db,
      { referrerId: referrer.id, recipientId: recipient.id },
      { amount: '12.50' },
    );
    expect(referral).toMatchObject({
      reporterId: recipient.id,
      createdById: referrer.id,
      amount: '12.50',
      status: 'pending',
    });
    const guest = await makeMember(t.db, { role: 'GUEST' });
    expect((await makeApplication(t.db, guest.id)).status).toBe('pending');
    expect((await makeAttendance(t.db, referrer.id, { status: 'excused' })).status).toBe('excused');
  });
});
