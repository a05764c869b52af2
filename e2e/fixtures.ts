import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { PAGE_ADOPTED_ATTRIBUTE, SERVER_STATE_ID } from '../src/domain/pages/server-rendered';
import { expectAccessible } from './a11y';
import { freePortGuess, healthy, type Server, start } from './server-process';

export { expect };

/**
 * Waits until the app has adopted the page, when the server painted it: before that a button on it does
 * nothing (docs/decisions/0043).
 */
async function whenAdopted(page: Page): Promise<void> {
  await page.waitForFunction(
    ([stateId, adopted]) =>
      document.getElementById(stateId) === null || document.getElementById('root')?.hasAttribute(adopted),
    [SERVER_STATE_ID, PAGE_ADOPTED_ATTRIBUTE] as const,
  );
}

/**
 * A journey acts as soon as a page has loaded; on a painted page, the app must have adopted it first (before,
 * a button does nothing). So every navigation of a journey's pages, the fixture's and those of contexts it
 * opens, waits for the adoption too, unless it asks to stop earlier (at commit or DOMContentLoaded).
 */
const waitsForAdoption = new WeakSet<Page>();
function navigationsWaitForAdoption(page: Page): void {
  if (waitsForAdoption.has(page)) return;
  waitsForAdoption.add(page);
  const adoptedAfterLoad = async (waitUntil: string | undefined) => {
    if (waitUntil !== 'commit' && waitUntil !== 'domcontentloaded') await whenAdopted(page);
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await adoptedAfterLoad(options?.waitUntil);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await adoptedAfterLoad(options?.waitUntil);
    return response;
  };
}

/**
 * Every journey's final page state must pass axe (no serious or critical violation); journeys call
 * `expectAccessible` themselves for the states they pass through.
 */
export const test = base.extend<object, object>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        // Without JavaScript no app adopts the page: there is nothing to wait for.
        if (options?.javaScriptEnabled !== false) context.on('page', navigationsWaitForAdoption);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  page: async ({ page }, use, testInfo) => {
    navigationsWaitForAdoption(page);
    await use(page);
    if (testInfo.status === testInfo.expectedStatus && !page.isClosed() && page.url().startsWith('http'))
      await expectAccessible(page, `end of "${testInfo.title}"`);
  },
});

export const DEMO_PASSWORD = 'demo-password';

/** The demo accounts journeys sign in as (seeded by the demo data). */
export const DEMO_ROLES = {
  guest: 'guest@demo.test',
  member: 'member@demo.test',
  member2: 'member2@demo.test',
  leader: 'leader@demo.test',
  admin: 'admin@demo.test',
  // The agency administrator, Dana Whitfield: the one account whose figures, pending list and referral
  // write limit (30 per 10 minutes) no other journey touches, so the Undo and bell journeys answer as her.
  agency: 'agency@demo.test',
} as const;
export type DemoRole = keyof typeof DEMO_ROLES;

export const storageStatePath = (role: DemoRole) => join(import.meta.dirname, '.auth', `${role}.json`);

/**
 * Starts `page` signed in as a demo role, with the session the setup project opened once through
 * `POST /api/auth/signin`. The sessions are shared by parallel journeys, so none of them signs out.
 */
export async function asRole(page: Page, role: DemoRole): Promise<void> {
  const state = JSON.parse(readFileSync(storageStatePath(role), 'utf8')) as {
    cookies: Parameters<ReturnType<Page['context']>['addCookies']>[0];
  };
  await page.context().addCookies(state.cookies);
}

/** Signs in through the demo-account form on /login (the test-domain path). */
export async function signInWithDemoAccount(page: Page, email: string, origin = ''): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in with demo account' }).click();
  await page.waitForURL(/\/(dashboard|apply)$/);
}

/** A fresh email for a brand-new visitor, unique per test run. */
export function newVisitorEmail(prefix = 'visitor'): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** "Continue with Google" through the development identity provider. */
export async function continueWithGoogle(page: Page, email: string, name: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Full name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** A full application payload for `submitApplicationViaApi`. */
export function applicationPayload(over: Record<string, string | null> = {}) {
  return {
    firstName: 'Test',
    lastName: 'Applicant',
    email: newVisitorEmail('applicant'),
    businessEmail: 'office@applicant.example',
    phone: '(970) 555-0150',
    companyName: 'Applicant Co',
    position: 'Owner',
    industry: 'Bookkeeping',
    businessDescription: 'Bookkeeping for small firms.',
    motivation: 'Meet other owners.',
    experienceLevel: '3-5',
    referralSource: null,
    ...over,
  };
}

/** The CSRF token of the page's session, for writes through `page.request`. */
export async function csrfToken(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string }).csrfToken;
}

/** Submits an application as the page's signed-in user through the API (with the session's CSRF token). */
export async function submitApplicationViaApi(page: Page, over: Record<string, string | null> = {}) {
  const res = await page.request.post('/api/applications', {
    data: applicationPayload(over),
    headers: { 'x-csrf-token': await csrfToken(page) },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string };
}

/**
 * A Tuesday `weeks` weeks before the most recent one: meetings in the demo data are on Thursdays, so the
 * date starts empty. Journeys that save a meeting each take their own week, plus their retry number.
 */
export function tuesdayWeeksAgo(weeks: number): string {
  const day = new Date(Date.now() - (1 + 7 * weeks) * 24 * 60 * 60 * 1000);
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** A 'yyyy-MM-dd' date as the app writes it in full ('November 24, 2026'). */
export const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * In the Attendance tab, the meeting of `date` opened for recording: picked in the list when the
 * chapter has it, else added as an extra meeting; then check-in opened unless it already is.
 */
/**
 * Adds a meeting on `date` from the Attendance tab, as leadership does: one that counts for attendance unless
 * `counts` is false (a social). `whileOpen` runs while the filled dialog is still open.
 */
export async function addMeeting(
  page: Page,
  date: string,
  options: { counts?: boolean; whileOpen?: () => Promise<void> } = {},
): Promise<void> {
  await page.getByRole('button', { name: 'Add a meeting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a meeting' });
  await dialog.getByLabel('Date').fill(date);
  if (options.counts === false)
    await dialog.getByLabel('It does not count: a social or a training (nobody is marked absent)').check();
  await options.whileOpen?.();
  await dialog.getByRole('button', { name: 'Add meeting' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The demo closes every meeting up to today, so on its meeting day today's week is already closed: an
 * administrator (in a context of their own) reopens it, for a journey that runs today's week.
 */
export async function reopenIfClosed(page: Page, date: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  const browser = page.context().browser();
  if (!browser) throw new Error('No browser to sign the administrator in');
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await signInWithDemoAccount(admin, DEMO_ROLES.admin, origin);
    const past = await callApi(admin, origin, 'GET', '/api/meetings?view=past&limit=5');
    const closed = past.items.find(
      (m: { meetingDate: string; state: string }) => m.meetingDate === date && m.state === 'closed',
    );
    if (closed)
      await callApi(admin, origin, 'POST', `/api/meetings/${closed.id}/reopen`, {
        reason: 'Run again by a journey',
      });
  } finally {
    await context.close();
  }
}

export async function openMeetingOn(page: Page, date: string): Promise<void> {
  const lines = page.getByTestId('attendance-meeting');
  await expect(lines.first().or(page.getByText('No meetings planned yet'))).toBeVisible();
  const line = page.locator(`[data-testid="attendance-meeting"][data-date="${date}"]`);
  if ((await line.count()) === 0) {
    // Not among the weeks to do: a closed week of that day is reopened, else an extra meeting is added.
    await reopenIfClosed(page, date);
    await page.reload();
    await expect(lines.first().or(page.getByText('No meetings planned yet'))).toBeVisible();
  }
  if ((await line.count()) > 0) await line.click();
  else await addMeeting(page, date);
  const view = page.getByTestId('meeting-view');
  await expect(view.getByRole('heading', { name: new RegExp(`^${longDate(date)}, `) })).toBeVisible();
  const state = view.getByTestId('meeting-state');
  await expect(state).toHaveText(/Scheduled|Not recorded|Open/);
  // A week whose day has passed unopened is recorded after the fact; today's has its check-in opened.
  const text = await state.textContent();
  if (text === 'Not recorded') await view.getByRole('button', { name: 'Record this week' }).click();
  if (text === 'Scheduled') await view.getByRole('button', { name: 'Open check-in' }).click();
  await expect(state).toHaveText('Open');
}

/**
 * The built app on its own fresh embedded database with the demo network (and `env`), and `page` signed in
 * there as the network administrator (or `as`): for a journey whose data would crowd the shared server.
 * Kill `server.child` when done.
 */
export async function ownDemoServer(
  page: Page,
  options: { env?: Record<string, string>; as?: string } = {},
): Promise<{ origin: string; server: Server }> {
  const port = freePortGuess();
  const origin = `http://localhost:${port}`;
  const server = start(process.execPath, ['dist/server/main.js'], {
    PORT: String(port),
    PUBLIC_URL: origin,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ...options.env,
  });
  try {
    await healthy(server);
    await signInWithDemoAccount(page, options.as ?? DEMO_ROLES.admin, origin);
  } catch (err) {
    server.child.kill();
    throw err;
  }
  return { origin, server };
}

/** Imports a CSV through the import API as the administrator signed in on `page`. */
export async function importCsv(page: Page, origin: string, kind: string, lines: string[]) {
  const { csrfToken } = (await (await page.request.get(`${origin}/api/csrf-token`)).json()) as {
    csrfToken: string;
  };
  const res = await page.request.post(`${origin}/api/imports/${kind}?filename=${kind}.csv`, {
    headers: { 'content-type': 'application/octet-stream', 'x-csrf-token': csrfToken },
    data: Buffer.from(`${lines.join('\r\n')}\r\n`),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A JSON call as the page's signed-in user (with the session's CSRF token); fails the test unless it is 2xx. */
export async function callApi(
  page: Page,
  origin: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  path: string,
  data?: object,
) {
  const { csrfToken } = await (await page.request.get(`${origin}/api/csrf-token`)).json();
  const res = await page.request.fetch(`${origin}${path}`, {
    method,
    data,
    headers: { 'x-csrf-token': csrfToken },
  });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.json();
}
