import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { todayIn } from '../../../domain/dates';
import { SERVER_STATE_ID, type ServerAnswers } from '../../../domain/pages/server-rendered';
import { renderPage } from '../../../web/ssr/render-page';
import { chapters, users } from '../../db/schema';
import { injectAs } from '../../test/requests';
import { createTestApp, createUser, signInAs, type TestApp } from '../../test/test-app';

const STATE = new RegExp(`<script type="application/json" id="${SERVER_STATE_ID}">(.*?)</script>`);
const root = (html: string) =>
  /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1];

describe('public pages painted by the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, 'MEMBER', {
      firstName: 'Nora',
      lastName: 'Script',
      businessName: '</script><script>alert(1)</script>',
      industry: 'Catering',
    });
  });
  afterAll(() => t.close());

  it('paints the directory for a visitor, with the answers it was painted from, escaped', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/members' });
    expect(res.statusCode).toBe(200);
    const markup = root(res.body);
    expect(markup).toContain('Member Directory');
    expect(markup).toContain('Nora Script');
    // The name is text in the markup and JSON in the state, never a tag.
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(markup).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const answers = new Map(
      (JSON.parse(STATE.exec(res.body)![1]!) as ServerAnswers).map(([key, data]) => [
        JSON.stringify(key),
        data,
      ]),
    );
    const api = await t.app.inject({ method: 'GET', url: '/api/members?q=&industry=&page=1&pageSize=9' });
    expect(
      answers.get(JSON.stringify(['/api/members', { q: '', industry: '', page: 1, pageSize: 9 }])),
    ).toEqual(api.json());
    // A visitor: the page was painted signed out, and says so to the browser.
    expect(answers.get(JSON.stringify(['/api/auth', 'user']))).toBeNull();
  });

  it('paints a profile, and a search from the address, as a visitor sees them', async () => {
    const profile = await t.app.inject({ method: 'GET', url: '/member/nora-script' });
    expect(root(profile.body)).toContain('Nora Script');
    expect(root(profile.body)).toContain('Catering');
    const search = await t.app.inject({ method: 'GET', url: '/members?q=nobody-matches-this' });
    expect(root(search.body)).not.toContain('Nora Script');
    expect(root(search.body)).toContain('No members found');
  });

  it('preloads who is signed in for a browser with a session, never for a visitor', async () => {
    const preload = '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/user">';
    const signedIn = await t.app.inject({ method: 'GET', url: '/dashboard', cookies: { signed_in: '1' } });
    expect(signedIn.body).toContain(preload);
    for (const url of ['/dashboard', '/members']) {
      const visitor = await t.app.inject({ method: 'GET', url });
      expect(visitor.body, url).not.toContain('/api/auth/user');
    }
  });

  it('loads the app at once from the head, and runs no inline script', async () => {
    const painted = await t.app.inject({ method: 'GET', url: '/members' });
    expect(painted.body).not.toMatch(/<script>/);
    expect(painted.body).not.toContain('after-paint');
    const scriptSrc = /script-src ([^;]*)/.exec(String(painted.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe("'self'");
  });

  it('draws each public page once: its route declares everything it reads, answered before the draw', async () => {
    const asked: string[] = [];
    const answer = async (url: string) => {
      asked.push(url);
      const res = await t.app.inject({ method: 'GET', url });
      if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}`);
      return res.json();
    };
    const slug = 'paint-town';
    await t.db.update(chapters).set({ slug });
    // Each page and the lazily loaded module it shows (the home page is in the entry).
    const pages: [url: string, parts: string[]][] = [
      ['/', []],
      ['/about', ['features/marketing/pages/about-page.tsx']],
      ['/members', ['features/directory/pages/members-page.tsx']],
      ['/members?q=nora&page=1', ['features/directory/pages/members-page.tsx']],
      ['/member/nora-script', ['features/directory/pages/member-profile-page.tsx']],
      ['/chapters', ['features/directory/pages/chapters-page.tsx']],
      [`/chapters/${slug}`, ['features/directory/pages/chapter-page.tsx']],
    ];
    for (const [url, parts] of pages) {
      asked.length = 0;
      const page = await renderPage(url, answer);
      expect(page?.undeclared, url).toEqual([]);
      expect(page?.lazyParts, url).toEqual(parts);
      // Each read once, none asked twice by a second draw.
      expect(new Set(asked).size, url).toBe(asked.length);
    }
  });

  it("keeps a visitor's painted page, compressed, until the directory changes", async () => {
    const ask = () =>
      t.app.inject({ method: 'GET', url: '/members?q=kept', headers: { 'accept-encoding': 'br' } });
    const first = await ask();
    const again = await ask();
    expect(first.headers['content-encoding']).toBe('br');
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers.vary).toBe('Cookie, Accept-Encoding');
    const plain = await t.app.inject({ method: 'GET', url: '/members?q=kept' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(root(plain.body)).toContain('No members found');
    // A new member changes the directory's version: the next visitor sees them.
    await createUser(t.db, 'MEMBER', { firstName: 'Kept', lastName: 'Newcomer', industry: 'Catering' });
    const after = await t.app.inject({ method: 'GET', url: '/members?q=kept' });
    expect(root(after.body)).toContain('Kept Newcomer');
  });

  it('paints a testimonial on a profile only once its member shows it, and drops it once hidden', async () => {
    const writer = await signInAs(t.db, 'MEMBER', { firstName: 'Wes', lastName: 'Writer' });
    const tess = await signInAs(t.db, 'MEMBER', { firstName: 'Tess', lastName: 'Shown' });
    const [tessRow] = await t.db.select({ slug: users.slug }).from(users).where(eq(users.id, tess.userId));
    const words = 'Tess catered our launch for 200 people without a hitch';
    const written = await injectAs(t, writer, {
      method: 'POST',
      url: '/api/testimonials',
      payload: { forMemberId: tess.userId, body: words, givenIn: 'written', givenOn: todayIn() },
    });
    expect(written.statusCode).toBe(201);
    const page = async () =>
      root((await t.app.inject({ method: 'GET', url: `/member/${tessRow!.slug}` })).body);
    // Painted (and kept) before Tess chooses: not there.
    expect(await page()).toContain('Tess Shown');
    expect(await page()).not.toContain(words);
    const show = (shownOnProfile: boolean) =>
      injectAs(t, tess, {
        method: 'PATCH',
        url: `/api/testimonials/${written.json().id}`,
        payload: { shownOnProfile },
      });
    expect((await show(true)).statusCode).toBe(200);
    expect(await page()).toContain(words);
    expect(await page()).toContain('Wes Writer');
    expect((await show(false)).statusCode).toBe(200);
    expect(await page()).not.toContain(words);
  });

  it('leaves the page to the app for a browser with a session, and for pages it does not paint', async () => {
    const signedIn = await t.app.inject({ method: 'GET', url: '/members', cookies: { signed_in: '1' } });
    expect(signedIn.body).toContain('<div id="root"></div>');
    expect(signedIn.body).not.toContain(SERVER_STATE_ID);
    for (const url of ['/login', '/apply', '/dashboard']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain(SERVER_STATE_ID);
    }
  });
});

describe('the dashboard painted for a signed-in member', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const dashboardAs = async (who: Awaited<ReturnType<typeof signInAs>>, url = '/dashboard') =>
    t.app.inject({ method: 'GET', url, headers: { cookie: `${who.cookie.cookie}; signed_in=1` } });

  it('paints each member their own dashboard, for their browser only', async () => {
    const [wren, otto] = await Promise.all([
      signInAs(t.db, 'MEMBER', { firstName: 'Wren', lastName: 'Paintwell' }),
      signInAs(t.db, 'LEADERSHIP', { firstName: 'Otto', lastName: 'Brushman' }),
    ]);
    // At the same moment: neither page may carry the other's answers.
    const [forWren, forOtto] = await Promise.all([dashboardAs(wren), dashboardAs(otto)]);
    expect(forWren.statusCode).toBe(200);
    expect(root(forWren.body)).toContain('Welcome back, <!-- -->Wren Paintwell');
    expect(root(forOtto.body)).toContain('Welcome back, <!-- -->Otto Brushman');
    // Each sees the other in the member picker, never the other's account.
    expect(forWren.body).not.toContain(otto.user.email);
    expect(forOtto.body).not.toContain(wren.user.email);
    expect(forWren.headers['cache-control']).toBe('private, no-cache');
    expect(forWren.headers.vary).toContain('Cookie');
    const answers = new Map(
      (JSON.parse(STATE.exec(forWren.body)![1]!) as ServerAnswers).map(([key, data]) => [
        JSON.stringify(key),
        data,
      ]),
    );
    const me = await injectAs(t, wren, { method: 'GET', url: '/api/auth/user' });
    expect(answers.get(JSON.stringify(['/api/auth', 'user']))).toEqual(me.json());
    const metrics = await injectAs(t, wren, { method: 'GET', url: '/api/referrals/metrics' });
    expect(answers.get(JSON.stringify(['/api/referrals', 'metrics']))).toEqual(metrics.json());
  });

  it("draws each role's dashboard once: the route declares what the frame and the opening tab read", async () => {
    // The tab each opens on, by its module: the page names it with the header's menu and bell.
    const cases = [
      ['MEMBER', '/dashboard', 'app/dashboard/referral-metrics-panel.tsx'],
      ['MEMBER', '/dashboard?tab=account', 'app/dashboard/account-settings-panel.tsx'],
      ['MEMBER', '/dashboard?tab=applications', 'app/dashboard/applications-panel.tsx'],
      // A guest lands on their application; a tab they cannot open falls back there.
      ['GUEST', '/dashboard', 'app/dashboard/applications-panel.tsx'],
      ['GUEST', '/dashboard?tab=referrals', 'app/dashboard/applications-panel.tsx'],
      ['LEADERSHIP', '/dashboard', 'app/dashboard/referral-metrics-panel.tsx'],
      ['NETWORK_ADMIN', '/dashboard?tab=applications', 'app/dashboard/applications-panel.tsx'],
      ['AGENCY_ADMIN', '/dashboard', 'app/dashboard/referral-metrics-panel.tsx'],
    ] as const;
    for (const [role, url, tab] of cases) {
      const who = await signInAs(t.db, role);
      const answer = async (apiUrl: string) => {
        const res = await injectAs(t, who, { method: 'GET', url: apiUrl });
        if (res.statusCode !== 200) throw new Error(`GET ${apiUrl} answered ${res.statusCode}`);
        return res.json();
      };
      const page = await renderPage(url, answer, await answer('/api/auth/user'));
      expect(page?.html, `${role} ${url}`).toContain('Welcome back');
      expect(page?.undeclared, `${role} ${url}`).toEqual([]);
      expect(page?.lazyParts.sort(), `${role} ${url}`).toEqual(
        [
          'app/dashboard/dashboard-page.tsx',
          'components/layout/user-menu.tsx',
          'features/notifications/components/notification-bell.tsx',
          tab,
        ].sort(),
      );
    }
  });

  it("paints every role's dashboard from the reads themselves, never a request through the HTTP stack", async () => {
    const cases = [
      ['MEMBER', '/dashboard'],
      ['MEMBER', '/dashboard?tab=account'],
      ['GUEST', '/dashboard'],
      ['LEADERSHIP', '/dashboard'],
      ['NETWORK_ADMIN', '/dashboard?tab=applications'],
      ['AGENCY_ADMIN', '/dashboard'],
    ] as const;
    const inject = vi.spyOn(t.app, 'inject');
    try {
      for (const [role, url] of cases) {
        const who = await signInAs(t.db, role);
        inject.mockClear();
        const page = await dashboardAs(who, url);
        expect(page.body, `${role} ${url}`).toContain(SERVER_STATE_ID);
        expect(root(page.body), `${role} ${url}`).toContain('Welcome back');
        // The test's own request, and nothing else.
        expect(inject, `${role} ${url}`).toHaveBeenCalledTimes(1);
      }
    } finally {
      inject.mockRestore();
    }
  });

  it('leaves the dashboard to the app for an ended session and for a chapter acted in', async () => {
    const ended = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { cookie: 'sid=not-a-session; signed_in=1' },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.body).toContain('<div id="root"></div>');
    expect(ended.headers['cache-control']).toBe('no-cache');
    const agency = await signInAs(t.db, 'AGENCY_ADMIN');
    const acting = await dashboardAs(agency, '/dashboard?chapter=loveland');
    expect(acting.body).toContain('<div id="root"></div>');
    expect(acting.body).not.toContain(SERVER_STATE_ID);
    const own = await dashboardAs(agency);
    expect(own.body).toContain(SERVER_STATE_ID);
  });
});
