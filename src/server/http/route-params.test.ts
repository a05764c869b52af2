import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs } from '../test/requests';
import { createTestApp, type TestApp } from '../test/test-app';
import { actor, idParams, idsBody } from './route-params';

const ID = '5f0c2a8e-3b7d-4c1e-9a2f-0d6b8e4c7a11';

describe('shared route pieces', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extraRoutes: (base: FastifyInstance) => {
        const app = base.withTypeProvider<ZodTypeProvider>();
        app.get(
          '/api/test/things/:id',
          { config: { access: 'public' }, schema: { params: idParams('Thing not found') } },
          async (request) => ({ id: request.params.id }),
        );
        app.post(
          '/api/test/batch',
          { config: { access: 'signed-in' }, schema: { body: idsBody('userIds', 3) } },
          async (request) => ({ ids: request.body.userIds, by: actor(request).role }),
        );
        // Wired wrongly on purpose: public, yet it asks for the actor.
        app.get('/api/test/who', { config: { access: 'public' } }, async (request) => actor(request).id);
      },
    });
  });
  afterAll(() => t.close());

  it('answers a malformed id with the same 404 as an unknown one', async () => {
    const ok = await t.app.inject({ method: 'GET', url: `/api/test/things/${ID}` });
    expect(ok.json()).toEqual({ id: ID });
    for (const bad of ['nope', '1', `${ID}x`, "1' or '1'='1"]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/test/things/${encodeURIComponent(bad)}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Thing not found' });
    }
  });

  it('takes a batch of distinct uuids up to its maximum', async () => {
    const batch = (userIds: unknown) =>
      injectAs(t, 'MEMBER', { method: 'POST', url: '/api/test/batch', payload: { userIds } });
    const upper = ID.toUpperCase();
    expect((await batch([ID, upper])).json()).toEqual({ ids: [ID], by: 'MEMBER' });
    for (const bad of [
      [],
      [ID, 'nope'],
      Array.from({ length: 4 }, (_, i) => ID.replace(/.$/, String(i))),
      'x',
    ]) {
      const res = await batch(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    const tooMany = await batch(Array.from({ length: 4 }, (_, i) => ID.replace(/.$/, String(i))));
    expect(tooMany.json().message).toBe('At most 3 ids at a time');
    const extra = await injectAs(t, 'MEMBER', {
      method: 'POST',
      url: '/api/test/batch',
      payload: { userIds: [ID], more: 1 },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('actor() refuses with 401 where a route forgot to require sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/who' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});
