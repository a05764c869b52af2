import type { Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { asRole, expect, longDate, openMeetingOn, test, tuesdayWeeksAgo } from './fixtures';

/**
 * After each common action focus lands on what the action produced (or back on the opener
 * of a closed dialog), never on the page body; the tab lists follow the ARIA tabs pattern. Driven by
 * the keyboard, as someone without a mouse would.
 */

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el && el !== document.body ? `${el.tagName} ${el.textContent?.trim() ?? ''}` : 'BODY';
  });

test('dashboard and form tabs follow the ARIA tabs pattern', async ({ page }) => {
  await asRole(page, 'leader');
  await page.goto('/dashboard?tab=profile');
  const sections = page.getByRole('tablist', { name: 'Dashboard sections' });
  const profile = sections.getByRole('tab', { name: 'Public Profile' });
  await profile.focus();
  await page.keyboard.press('ArrowRight');
  const account = sections.getByRole('tab', { name: 'Account Settings' });
  await expect(account).toBeFocused();
  await expect(account).toHaveAttribute('aria-selected', 'true');
  await expect(profile).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('End');
  await expect(sections.getByRole('tab', { name: 'Visitors' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(profile).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(sections.getByRole('tab', { name: 'Visitors' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(profile).toBeFocused();
  await expect(profile).toHaveAttribute('aria-selected', 'true');

  await sections.getByRole('tab', { name: 'Referral Metrics' }).click();
  const give = page.getByRole('tab', { name: 'Give Referral' });
  await give.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Report Received' })).toBeFocused();
  await expect(page.getByLabel('Sale amount')).toBeVisible();
});

test('keyboard only: a member gives a referral and edits the profile without losing focus', async ({
  page,
}) => {
  await asRole(page, 'member');
  await page.goto('/dashboard?tab=referrals');
  const customer = `Keys ${Date.now().toString(36)}`;
  await page.getByLabel('Search members', { exact: true }).first().focus();
  await page.keyboard.type('Emily');
  // As someone watching the screen would: the arrow key picks among the matches once they are listed.
  const picker = page.getByLabel('Member you are crediting');
  await expect(page.getByText(/^\d+ found$/)).toBeVisible();
  await expect(picker.locator('option', { hasText: 'Emily' }).first()).toBeAttached();
  await page.keyboard.press('Tab');
  await expect(picker).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.type('250');
  await page.getByLabel('Customer name (optional)').focus();
  await page.keyboard.type(customer);
  await page.getByRole('button', { name: 'Give Referral' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast').getByText('Referral Credit Sent!')).toBeVisible();
  // Submitting leaves focus on the button that did it, ready for the next.
  await expect(page.getByRole('button', { name: 'Give Referral' })).toBeFocused();
});

test('keyboard only: a member edits the profile without losing focus', async ({ page }) => {
  await asRole(page, 'member');
  await page.goto('/dashboard?tab=profile');
  await page
    .getByRole('tablist', { name: 'Dashboard sections' })
    .getByRole('tab', { name: 'Public Profile' })
    .focus();
  await page.keyboard.press('Home');
  const edit = page.getByRole('button', { name: 'Edit Profile' });
  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('First Name')).toBeFocused();
  await page.getByRole('button', { name: 'Save Profile' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast').getByText('Profile Updated')).toBeVisible();
  await expect(edit).toBeFocused();
  // Cancel (nothing typed) returns there too.
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(edit).toBeFocused();
  expect(await focusedName(page)).not.toBe('BODY');
});

test('keyboard only: a leader saves attendance and picks a meeting, focus following', async ({
  page,
}, testInfo) => {
  await asRole(page, 'leader');
  await page.goto('/dashboard?tab=attendance');
  // Ten weeks back (retries the week before): no other journey saves that meeting.
  const date = tuesdayWeeksAgo(10 + testInfo.retry);
  await openMeetingOn(page, date);
  const jake = page.getByTestId('attendance-member').filter({ hasText: 'Jake Morales' });
  await jake.getByLabel('Present').focus();
  await page.keyboard.press('Space');
  await expect(jake.getByLabel('Present')).toBeChecked();
  const save = page.getByRole('button', { name: 'Save Attendance' });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast').getByText('Attendance Saved')).toBeVisible();
  await expect(save).toBeFocused();

  // Picking a meeting in the list moves focus to it.
  const meeting = page.locator(`[data-testid="attendance-meeting"][data-date="${date}"]`);
  await meeting.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByTestId('meeting-view').getByRole('heading', { name: new RegExp(`^${longDate(date)}, `) }),
  ).toBeFocused();
});

test('keyboard only: Escape closes a dialog back onto the button that opened it', async ({ page }) => {
  await asRole(page, 'admin');
  await page.goto('/dashboard?tab=users&q=Morales');
  const edit = page.getByRole('button', { name: 'Edit Jake Morales' }).first();
  await edit.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit Member' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'the Edit Member dialog, opened by keyboard');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
});
