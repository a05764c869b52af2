import { expectAccessible } from './a11y';
import { expect, test } from './fixtures';

test('home shows the four stats and the testimonial', async ({ page }) => {
  await page.goto('/');
  const stats = page.getByTestId('marketing-stats');
  for (const value of ['15+', '200+', '$1.2M+', '100%']) {
    await expect(stats.getByText(value, { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('testimonial')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a signed-out visitor sees Home, Members, Articles, Apply and Sign In', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Members' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Articles' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Apply' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  // Calls to action lead a signed-out visitor to sign in.
  await page
    .getByRole('main')
    .getByRole('link', { name: /Apply for Membership/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
});

test('About shows the $400 investment', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByTestId('annual-investment')).toContainText('$400');
  await expect(page.getByText('Chapter officers get 50% off.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Members’ creed' })).toBeVisible();
});

test('Articles says Coming Soon', async ({ page }) => {
  await page.goto('/articles');
  await expect(page.getByRole('heading', { name: 'Articles & Resources Library' })).toBeVisible();
  await expect(page.getByText('Coming Soon')).toBeVisible();
});

test('an unknown route shows 404 Page Not Found, with HTTP status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  expect((await page.goto('/about'))?.status()).toBe(200);
});

test('a page that fails to load shows what went wrong and a way back, not a blank page', async ({ page }) => {
  await page.goto('/');
  // The About page's code cannot be fetched (as after a release replaced it, or a dropped connection).
  await page.route(/\/assets\/about-page-[^/]+\.js$/, (route) => route.abort());
  await page.getByRole('link', { name: 'About', exact: true }).first().click();
  const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
  await expect(alert.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(alert.getByText('This page could not be shown.')).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  // Header and footer stay; the way back works.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectAccessible(page);
  await alert.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('marketing-stats')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the mobile menu opens, closes, and closes on navigation', async ({ page }) => {
    await page.goto('/');
    const menu = page.locator('#mobile-menu');
    await expect(menu).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Members' })).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toHaveCount(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Articles' }).click();
    await expect(page).toHaveURL(/\/articles$/);
    await expect(menu).toHaveCount(0);

    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
