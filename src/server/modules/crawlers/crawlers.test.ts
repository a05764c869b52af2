import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { chapters } from '../../db/schema';
import { createTestApp, createUser, TEST_ORIGIN, type TestApp } from '../../test/test-app';

/** Every statement the app sends, for the test that proves a sitemap is kept. */
const sent: string[] = [];
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ onQuery: (q) => void sent.push(q) });
});
afterAll(() => t.close());

describe('robots.txt and the sitemaps', () => {
  it('robots.txt keeps crawlers out of signed-in screens and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Disallow: /dashboard');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
  });

  it('lists the public pages and every member profile, never a guest', async () => {
    const member = await createUser(t.db, 'MEMBER', { firstName: 'Rosa', lastName: "O'Hara & Sons" });
    const guest = await createUser(t.db, 'GUEST', { firstName: 'Hidden', lastName: 'Guest' });
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body.startsWith('<?xml')).toBe(true);
    expect(index.body).toContain('<sitemapindex');
    expect(locs(index.body)).toEqual([
      `${TEST_ORIGIN}/sitemaps/pages.xml`,
      `${TEST_ORIGIN}/sitemaps/members-1.xml`,
    ]);
    const pages = await get('/sitemaps/pages.xml');
    expect(locs(pages.body)).toEqual(
      ['/', '/about', '/members', '/articles'].map((p) => `${TEST_ORIGIN}${p}`),
    );
    const members = await get('/sitemaps/members-1.xml');
    expect(members.body).toContain('<urlset');
    expect(members.body).toContain(`<loc>${TEST_ORIGIN}/member/${member.slug}</loc><lastmod>`);
    expect(members.body).not.toContain(guest.slug);
  });

  it("adds the chapters' pages once the agency has more than one chapter", async () => {
    await t.db.update(chapters).set({ name: 'Fort Collins', slug: 'fort-collins' });
    expect(locs((await get('/sitemaps/pages.xml')).body)).toHaveLength(4);
    await t.db.insert(chapters).values({ name: 'Loveland', slug: 'loveland' });
    const pages = locs((await get('/sitemaps/pages.xml')).body);
    expect(pages.slice(4)).toEqual([
      `${TEST_ORIGIN}/chapters`,
      `${TEST_ORIGIN}/chapters/fort-collins`,
      `${TEST_ORIGIN}/chapters/loveland`,
    ]);
  });

  it('answers again from what it kept, and 304 for the ETag it sent', async () => {
    const first = await get('/sitemaps/members-1.xml');
    sent.length = 0;
    const again = await get('/sitemaps/members-1.xml');
    await get('/sitemap.xml');
    expect(again.body).toBe(first.body);
    // At most the directory version is read (when the database's notices are not heard), never the members.
    expect(sent.filter((q) => !/"directory_version"/.test(q))).toEqual([]);
    const cached = await get('/sitemaps/members-1.xml', { 'if-none-match': String(first.headers.etag) });
    expect(cached.statusCode).toBe(304);
  });

  // Inserting 10,000 members takes 7 to 28 s here (each gets kept rows in member_totals and member_period_totals).
  it('splits the members into files of 10,000 addresses, each member once', { timeout: 90_000 }, async () => {
    await t.db.execute(
      sql`insert into users (email, slug, role, first_name, last_name)
          select 'many' || i || '@example.com', 'many-' || lpad(i::text, 5, '0'), 'MEMBER', 'Many', 'Member ' || i
          from generate_series(1, 10000) i`,
    );
    const [row] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where role <> 'GUEST'`,
    );
    const listed = row!.n;
    expect(listed).toBeGreaterThan(10_000);
    const index = locs((await get('/sitemap.xml')).body);
    expect(index.slice(1)).toEqual([
      `${TEST_ORIGIN}/sitemaps/members-1.xml`,
      `${TEST_ORIGIN}/sitemaps/members-2.xml`,
    ]);
    const one = locs((await get('/sitemaps/members-1.xml')).body);
    const two = locs((await get('/sitemaps/members-2.xml')).body);
    expect(one).toHaveLength(10_000);
    expect(two).toHaveLength(listed - 10_000);
    expect(new Set([...one, ...two]).size).toBe(listed);
    expect((await get('/sitemaps/members-3.xml')).statusCode).toBe(404);
  });

  it('answers 404 for a name that is not a sitemap', async () => {
    for (const name of ['members-0.xml', 'members-x.xml', 'other.xml', 'members-1.xml.gz']) {
      const res = await get(`/sitemaps/${name}`);
      expect(res.statusCode, name).toBe(404);
    }
  });
});
