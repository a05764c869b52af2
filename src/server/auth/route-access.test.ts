import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

describe('route access declarations', () => {
  it('every registered route declares who may call it', async () => {
    const t = await createTestApp();
    try {
      const routes = t.app.registeredRoutes;
      expect(routes.length).toBeGreaterThan(5);
      const undeclared = routes
        .filter((r) => r.access === undefined)
        .map((r) => `${r.methods.join(',')} ${r.url}`);
      expect(undeclared).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('notices, and refuses at run time, a route that declares nothing', async () => {
    const t = await createTestApp({
      extraRoutes: (app) => {
        app.get('/api/test/forgotten', async () => ({ secret: true }));
      },
    });
    try {
      const undeclared = [
        ...new Set(t.app.registeredRoutes.filter((r) => r.access === undefined).map((r) => r.url)),
      ];
      expect(undeclared).toEqual(['/api/test/forgotten']);
      const res = await t.app.inject({ method: 'GET', url: '/api/test/forgotten' });
      expect(res.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});
