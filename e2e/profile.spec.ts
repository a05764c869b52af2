import { expectAccessible } from './a11y';
import { asRole, expect, test } from './fixtures';

/** Priya Raman is leader@demo.test. */
test('a leader edits their public profile, hides the business phone, and the public page follows', async ({
  page,
}) => {
  const position = `Principal ${Date.now().toString(36)}`;
  await asRole(page, 'leader');
  await page.goto('/dashboard?tab=profile');
  await expect(page.getByTestId('profile-live')).toBeVisible();
  await expect(page.getByTestId('pending-approvals')).toBeVisible();
  await expect(page.getByTestId('recent-activity')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Industry (Contact Admin to edit)')).toBeDisabled();
  const phone = await page.getByLabel('Business Phone', { exact: true }).inputValue();
  expect(phone).not.toBe('');
  await page.getByLabel('Position').fill(position);
  await page.getByLabel('Website').fill('not a link');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Enter a link starting with http:// or https://')).toBeVisible();
  await page.getByLabel('Website').fill('https://horsetooth.example');
  await page.getByRole('switch', { name: 'Show business phone on my public page' }).click();
  await expectAccessible(page, 'profile edit form');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByTestId('toast').getByText('Profile Updated')).toBeVisible();
  await expect(page.getByText('(hidden from the public)').first()).toBeVisible();

  await page.getByRole('link', { name: 'View your public page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Priya Raman');
  await expect(page.getByText(position)).toBeVisible();
  await expect(page.getByText(phone)).toHaveCount(0);
});

test('a guest sees the upgrade banner and a blurred activity feed', async ({ page }) => {
  await asRole(page, 'guest');
  await page.goto('/dashboard?tab=profile');
  await expect(page.getByTestId('upgrade-banner')).toContainText('Upgrade to Member');
  await expect(page.getByTestId('recent-activity')).toContainText(
    'Complete your membership application to start networking!',
  );
  await expect(page.getByTestId('pending-approvals')).toHaveCount(0);
});

test('a guest sees the referral panels blurred where they start, with what unlocks them; a member does not', async ({
  page,
}) => {
  await asRole(page, 'guest');
  await page.goto('/dashboard');
  await expect(page.getByRole('tab', { name: /Application Status/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const locked = page.getByTestId('referrals-locked');
  await expect(locked).toContainText(
    'Give and receive referrals, and see your revenue and ROI, once your membership is approved.',
  );
  // The blurred panels are only a picture: not read out, not focusable.
  await expect(locked.getByText('Pending Referrals')).toBeVisible();
  await expect(locked.locator('[aria-hidden="true"]').first()).toHaveCSS('filter', /blur/);
  await expect(page.getByRole('heading', { name: 'Pending Referrals' })).toHaveCount(0);

  await asRole(page, 'member');
  await page.goto('/dashboard?tab=applications');
  await expect(page.getByRole('tab', { name: /Application Status/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByTestId('referrals-locked')).toHaveCount(0);
});
