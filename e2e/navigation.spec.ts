import { expectAccessible } from './a11y';
import {
  asRole,
  continueWithGoogle,
  expect,
  newVisitorEmail,
  submitApplicationViaApi,
  test,
} from './fixtures';

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  /** A new page opens at its top with focus on its heading; Back keeps the old position. */
  test('navigation scrolls to the top and focuses the heading; Back restores the position', async ({
    page,
  }) => {
    await page.goto('/members');
    const last = page.getByRole('link', { name: 'View Profile' }).last();
    await last.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(300);
    await last.click();
    await expect(page).toHaveURL(/\/member\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Member Directory' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  });

  /** Escape closes the mobile menu. */
  test('Escape closes the mobile menu and returns focus to its button', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await expectAccessible(page, 'mobile menu open');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  /** Long words from members wrap instead of widening the page. */
  test('an application with very long names and emails fits a 360 px screen', async ({ browser, page }) => {
    const long = `Bartholomew${'x'.repeat(50)}`;
    const applicant = await (await browser.newContext()).newPage();
    await continueWithGoogle(applicant, newVisitorEmail('long'), `Long ${Date.now()}`);
    const { id } = await submitApplicationViaApi(applicant, {
      firstName: long,
      lastName: long,
      email: `${'averyveryverylongmailbox'.repeat(3)}@example.com`,
      companyName: `${'Incorporated'.repeat(8)} LLC`,
      industry: `Industry${'y'.repeat(60)}`,
    });
    await asRole(page, 'admin');
    await page.goto(`/applications/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bartholomew');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.goto('/dashboard?tab=applications');
    await expect(page.getByTestId('application-card').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('the Coming Soon tabs say when they launch, in the dropdown too', async ({ page }) => {
    await asRole(page, 'leader');
    await page.goto('/dashboard');
    await expect(
      page
        .getByLabel('Dashboard section', { exact: true })
        .locator('option', { hasText: 'Expected launch: Q2 2024' }),
    ).toHaveCount(2);
  });
});

/** The smaller items. */
test('the Terms link lands on the Terms section', async ({ page }) => {
  await page.goto('/about#terms');
  await expect(page.locator('#terms')).toBeInViewport();
});

test('?industry=dental selects Dental in the dropdown', async ({ page }) => {
  await page.goto('/members?industry=dental');
  await expect(page.getByLabel('Industry')).toHaveValue('Dental');
  await expect(page.getByTestId('member-card')).toHaveCount(1);
});

test('re-ticking Same as above clears the business email message', async ({ page }) => {
  await page.goto('/apply');
  await page.getByLabel('Same as above').uncheck();
  await page.getByLabel('Business Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await page.getByLabel('Same as above').check();
  await expect(page.getByText('Invalid email address')).toHaveCount(0);
});

test('the Coming Soon tabs show their launch date as text on a wide screen', async ({ page }) => {
  await asRole(page, 'leader');
  await page.goto('/dashboard');
  await expect(page.getByRole('tab', { name: /My Articles/ })).toContainText('Expected launch: Q2 2024');
});
