import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../domain/messages';
import { createTestApp, type TestApp } from './test/test-app';

describe('the app shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extraRoutes: (app) => {
        app.get('/api/test/explode', { config: { access: 'public' } }, async () => {
          const err = new Error(
            'select password_hash from users where email = $1 -- params: ["secret@x.com"]',
          );
          throw err;
        });
      },
    });
  });
  afterAll(() => t.close());

  it('answers unknown API routes with 404 JSON, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/does-not-exist' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({
        code: 'NOT_FOUND',
        message: MESSAGES.apiRouteNotFound(method, '/api/does-not-exist'),
      });
    }
  });

  it('serves index.html for client routes with no-cache (history fallback): 200 for a page, 404 for none', async () => {
    const cases = [
      ['/', 200],
      ['/members', 200],
      ['/about/', 200],
      ['/dashboard', 200],
      ['/applications/4b0b3c52-5d43-4e43-9a4e-0a3d6f0e1a2b', 200],
      // Soft 404s no more: the app still renders '404 Page Not Found', with the status to match.
      ['/some/unknown/page?x=1', 404],
      ['/member', 404],
      ['/wp-login.php', 404],
      // No member by that name: the app shows 'Member Not Found'.
      ['/member/jane-doe', 404],
    ] as const;
    for (const [url, status] of cases) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      // The app's page: empty for the app to draw, or painted by the server (/).
      expect(res.body).toContain('<div id="root">');
      // The network's name is in the page from the first paint (no layout shift when it arrives).
      expect(res.body).toContain('<meta name="application-name" content="NoCo Referral Network">');
    }
  });

  it('serves fingerprinted assets with long immutable caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).not.toContain('immutable');
  });

  it('never serves a source map, even one left in the web root', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js.map' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret.ts');
  });

  it('does not let a path escape the web root', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/..%2f..%2f..%2fpackage.json' });
    expect(res.body).not.toContain('"dependencies"');
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers on an API answer, a 404 and a 5xx', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/api/test/explode']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('hides the details of a 5xx error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: MESSAGES.internalError });
    expect(res.body).not.toMatch(/select|password|secret|stack|at /i);
  });

  it('gives every error body a code from the catalogue', async () => {
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.json().code).toBe('VALIDATION');
    const invalid = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'x' } });
    expect(invalid.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { email: ['Invalid email'] } });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().code).toBe('UNSUPPORTED_MEDIA');
  });

  it('answers malformed JSON with a 400 message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@demo.test', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: MESSAGES.payloadTooLarge });
  });
});
