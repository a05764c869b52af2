import { expectAccessible } from './a11y';
import { asRole, expect, newVisitorEmail, test } from './fixtures';

/** A failing or slow current-user call never locks the site. */
test('public pages render while /api/auth/user fails, without a request loop, and the dashboard offers a retry', async ({
  page,
}) => {
  // A signed-in browser, so the pages do ask who the user is.
  await asRole(page, 'member2');
  // The page's own clock: any retry the app would schedule is run below instead of waited for.
  await page.clock.install();
  let calls = 0;
  await page.route('**/api/auth/user', (route) => {
    calls += 1;
    return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members' }).click();
  await expect(page.getByTestId('member-card').first()).toBeVisible();
  // A minute of the page's time: every retry or refetch it would schedule has run, and none loops.
  await page.clock.runFor(60_000);
  await expect(page.getByTestId('member-card').first()).toBeVisible();
  expect(calls).toBeLessThanOrEqual(2);

  // Within the app: a dashboard the server painted already knows who it is for.
  await page.evaluate(() => history.pushState(null, '', '/dashboard'));
  await expect(page.getByRole('heading', { name: 'Failed to load user profile.' })).toBeVisible();
  await expectAccessible(page, 'dashboard with auth failing');
  await page.unroute('**/api/auth/user');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
});

test('a signed-out visitor makes no current-user call and sees no console error', async ({ page }) => {
  const errors: string[] = [];
  let calls = 0;
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('request', (r) => r.url().includes('/api/auth/user') && calls++);
  for (const path of ['/', '/members', '/about', '/login', '/apply']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(calls).toBe(0);
  expect(errors).toEqual([]);
});

test('public pages do not wait for a slow current-user call', async ({ page }) => {
  // The call answers only when the test lets it, after the pages have been checked.
  let answer = () => {};
  const released = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/auth/user', async (route) => {
    await released;
    await route
      .fulfill({ status: 401, contentType: 'application/json', body: '{"message":"no"}' })
      .catch(() => {});
  });
  await page.goto('/members');
  await expect(page.getByRole('heading', { name: 'Member Directory' })).toBeVisible({ timeout: 3000 });
  await expect(page.getByTestId('member-card').first()).toBeVisible({ timeout: 3000 });
  answer();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

/** The form survives the sign-in round trip, and someone who applied sees their status. */
test('a signed-out applicant keeps their answers through sign-in, then sees their status instead of a blank form', async ({
  page,
}) => {
  const lastName = `Draft${Date.now().toString(36)}`;
  await page.goto('/apply');
  await expect(page.getByText('You will be asked to sign in before your application is sent.')).toBeVisible();
  await page.getByLabel('First Name').fill('Dee');
  await page.getByLabel('Last Name').fill(lastName);
  await page.getByLabel('Email', { exact: true }).fill('dee@example.com');
  await page.getByLabel('Phone').fill('970-555-0177');
  await page.getByLabel('Company Name').fill(`${lastName} Bakery`);
  await page.getByLabel('Job Title').fill('Baker');
  await page.getByLabel('Chapter', { exact: true }).selectOption({ label: 'NoCo Referral Network' });
  await page.getByLabel('Industry', { exact: true }).selectOption('Other');
  await page.getByLabel('Your Industry').fill(`Baking ${lastName}`);
  await page.getByLabel('Years of Experience').selectOption('3-5');
  await page.getByLabel('Business Description').fill('Sourdough and pastries.');
  await page.getByLabel('Networking Goals').fill('Cater for members.');
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByTestId('toast').getByText('Authentication Required')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in now' }).click();
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await page.getByLabel('Email').fill(newVisitorEmail('dee'));
  await page.getByLabel('Full name').fill(`Dee ${lastName}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/apply$/);
  await expect(page.getByLabel('Company Name')).toHaveValue(`${lastName} Bakery`);
  await expect(page.getByLabel('Business Description')).toHaveValue('Sourdough and pastries.');
  await expect(page.getByLabel('Your Industry')).toHaveValue(`Baking ${lastName}`);
  await expect(page.getByText('You will be asked to sign in')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByTestId('application-confirmation')).toBeVisible();

  // Applied: no Apply button, and /apply shows the status rather than an empty form.
  await page.goto('/apply');
  await expect(page.getByRole('heading', { name: 'Your Application' })).toBeVisible();
  await expect(page.getByTestId('application-status')).toHaveText('Pending');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Apply' })).toHaveCount(0);
  await expect(page.getByLabel('Company Name')).toHaveCount(0);
});
