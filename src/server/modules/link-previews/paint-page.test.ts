import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_STATE_ID, type ServerAnswers } from '../../../domain/pages/server-rendered';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';

const STATE = new RegExp(`<script type="application/json" id="${SERVER_STATE_ID}">(.*?)</script>`);
const root = (html: string) =>
  /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1];

describe('public pages painted by the server (issue 49)', () => {
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
