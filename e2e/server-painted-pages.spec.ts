import type { Browser } from '@playwright/test';
import { expectAccessible } from './a11y';
import { type DemoRole, expect, storageStatePath, test } from './fixtures';

// The public pages arrive painted. Each page is checked three ways: the HTML the server sends
// already shows its content (no JavaScript needed), the browser adopts that HTML without a hydration
// error, and after hydration the page's markup is exactly what the server sent.
const PAGES = [
  { path: '/', shows: 'Grow your business through referrals you can trust' },
  { path: '/about', shows: 'Our mission' },
  { path: '/members', shows: 'Alicia Greer' },
  { path: '/members?q=greeley', shows: 'Greeley Insurance Partners' },
  { path: '/member/alicia-greer', shows: 'Agency Principal' },
  { path: '/chapters', shows: 'Loveland Business Builders' },
  { path: '/chapters/loveland', shows: 'Loveland Public Library' },
] as const;

/** `#root`'s markup as the browser holds it, with or without the app's JavaScript; `as`: signed in. */
async function rootMarkup(
  browser: Browser,
  baseURL: string,
  path: string,
  javaScriptEnabled: boolean,
  as?: DemoRole,
) {
  // Denver, not the server's UTC: a date formatted in the device's zone would differ and must fail here.
  const context = await browser.newContext({
    javaScriptEnabled,
    timezoneId: 'America/Denver',
    baseURL,
    storageState: as ? storageStatePath(as) : undefined,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const response = await page.goto(path);
  const html = (await response?.text()) ?? '';
  await page.waitForLoadState('networkidle');
  const markup = await page.locator('#root').evaluate((root) => root.innerHTML);
  // `#root` as this very answer painted it, read by the browser's parser without scripts (as the page
  // loaded without JavaScript reads it): a second load could show other figures, as journeys running
  // beside this one give referrals.
  const served = await page.evaluate(
    (text) => new DOMParser().parseFromString(text, 'text/html').querySelector('#root')?.innerHTML,
    html,
  );
  // Scripts the browser loaded that the painted page did not name up front (its entry and module
  // preloads): each was found only when React reached it, one after another.
  const unnamed = await page.evaluate(() => {
    const named = new Set(
      [
        ...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
          'script[src], link[rel=modulepreload]',
        ),
      ].map(
        (element) =>
          new URL(element instanceof HTMLScriptElement ? element.src : element.href, location.href).href,
      ),
    );
    return performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js') && !named.has(name));
  });
  await context.close();
  return { markup, served, problems, unnamed };
}

for (const { path, shows } of PAGES) {
  test(`${path} is painted by the server and hydrates without a mismatch`, async ({
    browser,
    baseURL,
    request,
  }) => {
    const html = await (await request.get(path)).text();
    expect(html).toContain('id="server-query-state"');
    expect(html).toContain(shows);
    // The app loads at once, from the head, with the route's own chunks beside it, all fetched after the
    // stylesheet the first paint waits for (docs/decisions/0045).
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(
      /<script type="module" fetchpriority="low" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/,
    );
    if (path !== '/') expect(head).toContain('rel="modulepreload" fetchpriority="low"');
    expect(head).not.toMatch(/rel="modulepreload"(?! fetchpriority="low")/);
    expect(html).not.toMatch(/<script>/);

    const painted = await rootMarkup(browser, baseURL!, path, false);
    expect(painted.markup).toContain(shows);
    const hydrated = await rootMarkup(browser, baseURL!, path, true);
    expect(hydrated.problems).toEqual([]);
    expect(hydrated.served).toContain(shows);
    expect(hydrated.markup).toBe(hydrated.served);
    expect(hydrated.unnamed).toEqual([]);
  });
}

// The dashboard is painted for the member whose session asks, as each role lands on it.
const DASHBOARDS: { as: DemoRole; path: string; shows: string }[] = [
  { as: 'member', path: '/dashboard', shows: 'Referral Management' },
  { as: 'member', path: '/dashboard?tab=account', shows: 'Account Settings' },
  { as: 'member', path: '/dashboard?tab=applications', shows: 'Application Status' },
  { as: 'guest', path: '/dashboard', shows: 'Application Status' },
  { as: 'leader', path: '/dashboard', shows: 'Referral Management' },
  { as: 'admin', path: '/dashboard?tab=applications', shows: 'Applications' },
  { as: 'agency', path: '/dashboard', shows: 'Referral Management' },
];

for (const { as, path, shows } of DASHBOARDS) {
  test(`${path} is painted for the ${as} and hydrates without a mismatch`, async ({ browser, baseURL }) => {
    const painted = await rootMarkup(browser, baseURL!, path, false, as);
    expect(painted.markup).toContain(shows);
    expect(painted.markup).toContain('Welcome back');
    const hydrated = await rootMarkup(browser, baseURL!, path, true, as);
    expect(hydrated.problems).toEqual([]);
    expect(hydrated.served).toContain(shows);
    expect(hydrated.markup).toBe(hydrated.served);
    // The tab, the user menu and the bell are named with the page, not found as React reaches them.
    expect(hydrated.unnamed).toEqual([]);
  });
}

test('a painted page works as the app once hydrated, at 1280 and 360 px', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/members');
  await expect(page.getByRole('heading', { name: 'Member Directory' })).toBeVisible();
  await expectAccessible(page);
  // The search box is live: the painted cards give way to the server's answer for the query.
  await page.getByRole('searchbox').fill('greeley');
  await expect(page).toHaveURL(/q=greeley/);
  await expect(page.getByText('1 member', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'View Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Alicia Greer' })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await expectAccessible(page);
  expect(problems).toEqual([]);
});

test('a browser that signed in gets the page drawn by the app, not painted for a visitor', async ({
  request,
}) => {
  const html = await (await request.get('/members', { headers: { cookie: 'signed_in=1' } })).text();
  expect(html).not.toContain('id="server-query-state"');
  expect(html).toContain('<div id="root"></div>');
});
