import { asRole, expect, test } from './fixtures';

const sections = (page: import('@playwright/test').Page) =>
  page.getByRole('tablist', { name: 'Dashboard sections' });

test('reviewers see how many applications are pending on the Applications tab; members do not', async ({
  page,
}) => {
  await asRole(page, 'leader');
  await page.goto('/dashboard');
  const badge = sections(page)
    .getByRole('tab', { name: /Applications/ })
    .getByTestId('tab-count-applications');
  // The demo data holds pending applications; journeys only add to them.
  await expect(badge).toHaveText(/^\d+\(\d+ waiting\)$/);
  const shown = Number((await badge.textContent())?.split('(')[0]);
  expect(shown).toBeGreaterThanOrEqual(1);
  // The tab's name says it to a screen reader.
  await expect(sections(page).getByRole('tab', { name: /Applications/ })).toHaveAccessibleName(
    `Applications (${shown} waiting)`,
  );

  await asRole(page, 'member');
  await page.goto('/dashboard');
  await expect(sections(page).getByRole('tab', { name: 'Application Status' })).toBeVisible();
  await expect(page.getByTestId('tab-count-applications')).toHaveCount(0);
});

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  test('the section dropdown says what waits in each section', async ({ page }) => {
    // Jake Morales has referrals waiting for his decision in the demo data.
    await asRole(page, 'member');
    await page.goto('/dashboard');
    await expect(
      page.getByLabel('Dashboard section').locator('option', { hasText: 'Referral Metrics' }),
    ).toHaveText(/^Referral Metrics \(\d+ waiting\)$/);
  });
});
