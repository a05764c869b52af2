import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TEST_ORIGIN, type TestApp } from '../../test/test-app';

describe('robots.txt and sitemap.xml', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('robots.txt keeps crawlers out of signed-in screens and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Disallow: /dashboard');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
  });

  it('sitemap.xml lists the public pages and every member profile, never a guest', async () => {
    const member = await createUser(t.db, 'MEMBER', { firstName: 'Rosa', lastName: "O'Hara & Sons" });
    const guest = await createUser(t.db, 'GUEST', { firstName: 'Hidden', lastName: 'Guest' });
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    for (const path of ['/', '/about', '/members', '/articles'])
      expect(res.body).toContain(`<loc>${TEST_ORIGIN}${path}</loc>`);
    expect(res.body).toContain(`<loc>${TEST_ORIGIN}/member/${member.slug}</loc><lastmod>`);
    expect(res.body).not.toContain(guest.slug);
    expect(res.body.startsWith('<?xml')).toBe(true);
  });
});
