import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_MEMBER_ID } from '../../../domain/members/embedded';
import { chapters } from '../../db/schema';
import { queryRecorder } from '../../test/query-count';
import { createTestApp, createUser, TEST_ORIGIN, type TestApp } from '../../test/test-app';

describe('link previews', () => {
  let t: TestApp;
  const recorder = queryRecorder();
  beforeAll(async () => {
    t = await createTestApp({ onQuery: recorder.onQuery });
  });
  afterAll(() => t.close());

  it('writes a member profile’s name, business and picture into the HTML, escaped', async () => {
    await createUser(t.db, 'MEMBER', {
      firstName: 'Quinn',
      lastName: 'Ortega',
      businessName: 'Ortega "Best" <Tacos>',
      industry: 'Catering',
      description: 'Street tacos for events',
      profileImageUrl: 'https://images.example/quinn.jpg',
    });
    const res = await t.app.inject({ method: 'GET', url: '/member/quinn-ortega' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(
      '<meta property="og:title" content="Quinn Ortega — Ortega &quot;Best&quot; &lt;Tacos&gt; | NoCo Referral Network" />',
    );
    expect(html).toContain('<meta property="og:description" content="Catering · Street tacos for events" />');
    expect(html).toContain('<meta property="og:image" content="https://images.example/quinn.jpg" />');
    expect(html).toContain(`<meta property="og:url" content="${TEST_ORIGIN}/member/quinn-ortega" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(
      '<title>Quinn Ortega — Ortega &quot;Best&quot; &lt;Tacos&gt; | NoCo Referral Network</title>',
    );
    expect(html).not.toContain('<Tacos>');
  });

  it('writes sensible tags for the home, about and directory pages', async () => {
    for (const path of ['/', '/about', '/members']) {
      const html = (await t.app.inject({ method: 'GET', url: path })).body;
      expect(html).toContain(`<meta property="og:url" content="${TEST_ORIGIN}${path}" />`);
      expect(html).toMatch(/<meta property="og:title" content="[^"]+" \/>/);
      expect(html).toContain('<meta name="twitter:card" content="summary" />');
    }
  });

  it("writes a chapter page's name, meeting and counts, and 404 for an unknown chapter", async () => {
    await t.db.insert(chapters).values({
      name: 'Loveland <Builders>',
      slug: 'loveland',
      meetingWeekday: 2,
      meetingTime: '07:00',
      meetingPlace: 'Library',
    });
    const res = await t.app.inject({ method: 'GET', url: '/chapters/loveland' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<meta property="og:title" content="Loveland &lt;Builders&gt; | NoCo Referral Network" />',
    );
    expect(res.body).toContain(
      '<meta property="og:description" content="Meets Tuesdays at 7:00 AM · Library. 0 members, 0 open seats." />',
    );
    expect(res.body).toContain(`<meta property="og:url" content="${TEST_ORIGIN}/chapters/loveland" />`);
    const list = await t.app.inject({ method: 'GET', url: '/chapters' });
    expect(list.body).toContain('<meta property="og:title" content="Chapters | NoCo Referral Network" />');
    const unknown = await t.app.inject({ method: 'GET', url: '/chapters/nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('og:title');
  });

  it('serves the plain page with 404 for an unknown member or a guest (the app shows Member Not Found)', async () => {
    await createUser(t.db, 'GUEST', { firstName: 'Gwen', lastName: 'Guest' });
    for (const path of ['/member/nobody-at-all', '/member/gwen-guest']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('og:title');
    }
  });

  it('carries the profile in the page for a signed-in browser, escaped, from the same lookup as the profile API', async () => {
    await createUser(t.db, 'MEMBER', {
      firstName: 'Nora',
      lastName: 'Script',
      businessName: '</script><script>alert(1)</script>',
    });
    let html = '';
    const pageQueries = await recorder.count(async () => {
      // A browser with a session gets the app's page (visitors get it painted: paint-page.test.ts).
      html = (await t.app.inject({ method: 'GET', url: '/member/nora-script', cookies: { signed_in: '1' } }))
        .body;
    });
    const script = new RegExp(
      `<script type="application/json" id="${EMBEDDED_MEMBER_ID}">(.*?)</script>`,
    ).exec(html);
    expect(script).not.toBeNull();
    expect(html).not.toContain('</script><script>alert(1)');
    const embedded = JSON.parse(script![1]!) as Record<string, unknown>;
    const api = await t.app.inject({ method: 'GET', url: '/api/members/by-name/nora-script' });
    expect(embedded).toEqual(api.json());
    // The page read the member (and the directory version); the API then only checked the version.
    expect(pageQueries).toBe(2);
    expect(
      await recorder.count(() => t.app.inject({ method: 'GET', url: '/api/members/by-name/nora-script' })),
    ).toBe(1);
  });
});
