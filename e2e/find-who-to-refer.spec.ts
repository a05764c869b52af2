import { asRole, expect, test } from './fixtures';

test('a member types "dentist" in the picker and finds the dentist, with her trade and ideal referral', async ({
  page,
}) => {
  await asRole(page, 'member');
  await page.goto('/dashboard');
  const picker = page.getByLabel('Member you are crediting');
  await expect(picker.locator('option', { hasText: 'Claire Dubois' })).toHaveCount(1);
  await page.getByLabel('Search members').fill('dentist');
  await expect(page.getByText('1 found')).toBeVisible();
  // Only the dentist is left to choose, shown with her business and her industry.
  await expect(picker.locator('option:not([value=""])')).toHaveText([
    'Claire Dubois (Pineridge Dental) · Dental',
  ]);
  await picker.selectOption({ label: 'Claire Dubois (Pineridge Dental) · Dental' });
  await expect(page.getByTestId('picker-ideal-referral')).toContainText(
    'Ideal referral for Claire Dubois: Families new to town looking for a dentist',
  );
  // "lawyer" finds the business lawyer; a word nobody matches says so.
  await page.getByLabel('Search members').fill('lawyer');
  await expect(
    picker.locator('option', { hasText: 'Luis Castillo (Castillo Law Office) · Business Law' }),
  ).toHaveCount(1);
  await page.getByLabel('Search members').fill('zzzz');
  await expect(page.getByText('No members match "zzzz"')).toBeVisible();
  // The chosen member stays chosen whatever the search shows.
  await expect(picker).toHaveValue(/.+/);
  await expect(picker.locator('option:checked')).toHaveText('Claire Dubois (Pineridge Dental) · Dental');
});

test('"Give a referral" on a directory card opens the form with that member chosen', async ({ page }) => {
  await asRole(page, 'member');
  await page.goto('/members');
  // The cards above the form answer late and one after another (the real server, slowed down): the form
  // is still in view after they have all arrived.
  const readsAbove = [
    '**/api/referrals/metrics*',
    '**/api/one-to-ones/summary',
    '**/api/one-to-ones/suggestions',
    '**/api/meetings/my-week',
    '**/api/attendance/stats*',
    '**/api/meetings/mine',
    '**/api/visitors/follow-ups/mine',
    '**/api/visitors/mine',
  ];
  for (const [index, read] of readsAbove.entries()) {
    await page.route(read, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400 + 150 * (readsAbove.length - index)));
      await route.continue();
    });
  }
  const card = page.getByTestId('member-card').filter({ hasText: 'Claire Dubois' });
  await card.getByRole('link', { name: 'Give a referral to Claire Dubois' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=referrals&give=/);
  const picker = page.getByLabel('Member you are crediting');
  await expect(picker.locator('option:checked')).toHaveText('Claire Dubois (Pineridge Dental) · Dental');
  await expect(picker).toBeFocused();
  await expect(picker).toBeInViewport();
  await expect(page.getByTestId('picker-ideal-referral')).toBeVisible();
});

test('the profile page shows the ideal referral and offers "Give a referral" to members only', async ({
  page,
  browser,
}) => {
  await asRole(page, 'member');
  await page.goto('/member/claire-dubois');
  await expect(page.getByRole('heading', { name: 'Ideal Referral' })).toBeVisible();
  await expect(page.getByTestId('ideal-referral')).toHaveText(
    'Families new to town looking for a dentist, and anyone nervous about the dentist.',
  );
  await page.getByRole('link', { name: 'Give a referral to Claire Dubois' }).click();
  await expect(page.getByLabel('Member you are crediting').locator('option:checked')).toHaveText(
    'Claire Dubois (Pineridge Dental) · Dental',
  );
  // Nobody is offered a referral to themselves.
  await page.goto('/member/jake-morales');
  await expect(page.getByRole('heading', { name: 'Jake Morales' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Give a referral/ })).toHaveCount(0);

  // A visitor and a guest read the ideal referral but are not offered to give one.
  for (const role of [null, 'guest'] as const) {
    const other = await (await browser.newContext()).newPage();
    if (role) await asRole(other, role);
    await other.goto('/member/claire-dubois');
    await expect(other.getByTestId('ideal-referral')).toBeVisible();
    await expect(other.getByRole('link', { name: /Give a referral/ })).toHaveCount(0);
    await other.close();
  }
});

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  test('the directory card offers "Give a referral" and the page still fits', async ({ page }) => {
    await asRole(page, 'member');
    await page.goto('/members');
    await expect(page.getByRole('link', { name: 'Give a referral to Claire Dubois' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
