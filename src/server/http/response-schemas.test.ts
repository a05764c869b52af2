import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUserSchema } from '../../domain/auth/contracts';
import { createTestApp, signInAs, type TestApp } from '../test/test-app';

/**
 * Every route that reads `users` answers through a zod response schema, so a column added later (a
 * password hash, a private field) is stripped instead of leaking.
 */
const ROUTES_READING_USERS = [
  'GET /api/auth/user',
  'POST /api/auth/signin',
  'GET /api/members',
  'GET /api/members/by-name/:name',
  'GET /api/members/active',
  'POST /api/applications',
  'GET /api/applications',
  'GET /api/applications/my',
  'GET /api/applications/:id',
  'PUT /api/applications/:id/status',
  'GET /api/referrals',
  'GET /api/referrals/pending',
  'GET /api/referrals/transactions',
  'GET /api/referrals/:id/history',
  'POST /api/referrals/give',
  'POST /api/referrals/transactions',
  'PATCH /api/referrals/:id',
  'PATCH /api/referrals/:id/status',
  'GET /api/referrals/metrics',
  'POST /api/referrals/metrics/batch',
  'PUT /api/profile/commission',
  'POST /api/attendance/batch',
  'GET /api/attendance/records',
  'PUT /api/attendance/records/:id',
  'GET /api/attendance/stats',
  'GET /api/attendance/stats/:memberId',
  'POST /api/attendance/stats/batch',
  'GET /api/profile',
  'PUT /api/profile',
  'GET /api/industries',
  'POST /api/industries',
  'PUT /api/industries/:id',
  'GET /api/users',
  'GET /api/users/:id',
  'PUT /api/users/:id',
  'GET /api/settings/audit-log',
];

describe('response schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extraRoutes: (app) => {
        app.get(
          '/api/test/leaky-user',
          { config: { access: 'signed-in' }, schema: { response: { 200: authUserSchema } } },
          async (request) => ({
            ...request.user,
            hasApplication: false,
            applicationStatus: null,
            passwordHash: 'scrypt$secret',
            personalPhone: '(970) 555-0100',
          }),
        );
      },
    });
  });
  afterAll(() => t.close());

  it('is declared on every route that reads users', () => {
    const declared = new Set(
      t.app.registeredRoutes
        .filter((route) => route.hasResponseSchema)
        .flatMap((route) => route.methods.map((method) => `${method} ${route.url}`)),
    );
    expect(ROUTES_READING_USERS.filter((route) => !declared.has(route))).toEqual([]);
  });

  it('strips a column the schema does not name', async () => {
    const member = await signInAs(t.db, 'MEMBER');
    const res = await t.app.inject({ method: 'GET', url: '/api/test/leaky-user', headers: member.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('scrypt');
    expect(res.json()).not.toHaveProperty('passwordHash');
    expect(res.json()).not.toHaveProperty('personalPhone');
    expect(res.json()).toMatchObject({ id: member.userId, role: 'MEMBER' });
  });
});
