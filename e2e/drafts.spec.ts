import { expectAccessible } from './a11y';
import { asRole, expect, longDate, openMeetingOn, test, tuesdayWeeksAgo } from './fixtures';

/**
 * What a person types survives a reload, a tab switch and a mode switch, until they save or
 * discard it, and discarding asks first. Nothing here is saved, so the demo data stays as it was.
 */

const dashboardTab = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab', { name });

const discardDialog = (page: import('@playwright/test').Page) =>
  page
    .getByRole('alertdialog', { name: 'Discard changes?' })
    .or(page.getByRole('dialog', { name: 'Discard changes?' }));

test('attendance marks survive a reload and another tab, until discarded', async ({ page }) => {
  await asRole(page, 'leader');
  await page.goto('/dashboard?tab=attendance');
  const date = tuesdayWeeksAgo(6);
  await openMeetingOn(page, date);
  const jake = page.getByTestId('attendance-member').filter({ hasText: 'Jake Morales' });
  await jake.getByLabel('Absent').check();
  await jake.getByLabel('Notes for Jake Morales').fill('Dentist');

  // The meeting on screen is in the address, so a reload comes back to it with the marks.
  const heading = page.getByRole('heading', { name: `Record the meeting of ${longDate(date)}` });
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(jake.getByLabel('Absent')).toBeChecked();
  await expect(jake.getByLabel('Notes for Jake Morales')).toHaveValue('Dentist');
  await expect(page.getByTestId('attendance-unsaved')).toBeVisible();

  await dashboardTab(page, 'Public Profile').click();
  await dashboardTab(page, 'Attendance').click();
  await page.locator(`[data-testid="attendance-meeting"][data-date="${date}"]`).click();
  await expect(heading).toBeVisible();
  await expect(jake.getByLabel('Absent')).toBeChecked();
  await expectAccessible(page, 'attendance with a kept draft');

  // Discarding asks; Keep editing keeps the marks, Discard clears them.
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expectAccessible(page, 'the discard question');
  await discardDialog(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(jake.getByLabel('Absent')).toBeChecked();
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await discardDialog(page).getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(jake.getByLabel('Absent')).not.toBeChecked();
  await expect(page.getByTestId('attendance-unsaved')).toBeHidden();
  // Nothing is kept any more: after a reload the meeting holds no marks.
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(jake.getByLabel('Absent')).not.toBeChecked();
  await expect(jake.getByLabel('Notes for Jake Morales')).toHaveValue('');
});

test('a half-typed referral survives Give / Report, another tab and a reload', async ({ page }) => {
  await asRole(page, 'member');
  await page.goto('/dashboard');
  await page.getByLabel('Member you are crediting').selectOption({ index: 1 });
  await page.getByLabel('Amount (optional)').fill('1850');
  await page.getByRole('textbox', { name: 'Notes (optional)' }).fill('Kitchen remodel lead');

  await page.getByRole('tab', { name: 'Report Received' }).click();
  await page.getByLabel('Sale amount').fill('420');
  await page.getByRole('tab', { name: 'Give Referral' }).click();
  await expect(page.getByLabel('Amount (optional)')).toHaveValue('1850');
  await expect(page.getByLabel('Member you are crediting')).toHaveValue(/.+/);

  await dashboardTab(page, 'Account Settings').click();
  await dashboardTab(page, 'Referral Metrics').click();
  await page.reload();
  await expect(page.getByLabel('Amount (optional)')).toHaveValue('1850');
  await expect(page.getByRole('textbox', { name: 'Notes (optional)' })).toHaveValue('Kitchen remodel lead');
  await page.getByRole('tab', { name: 'Report Received' }).click();
  await expect(page.getByLabel('Sale amount')).toHaveValue('420');

  await page.getByRole('button', { name: 'Discard' }).click();
  await discardDialog(page).getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(page.getByLabel('Sale amount')).toHaveValue('');
  await page.getByRole('tab', { name: 'Give Referral' }).click();
  await expect(page.getByLabel('Amount (optional)')).toHaveValue('1850');
});

test('a profile edit comes back after a reload, and Cancel asks before dropping it', async ({ page }) => {
  await asRole(page, 'member');
  await page.goto('/dashboard?tab=profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const position = page.getByLabel('Position');
  const before = await position.inputValue();
  await position.fill('Draft position');
  await page.reload();
  await expect(page.getByLabel('Position')).toHaveValue('Draft position');

  await page.getByRole('button', { name: 'Cancel' }).click();
  await discardDialog(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(page.getByLabel('Position')).toHaveValue('Draft position');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await discardDialog(page).getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Position')).toHaveValue(before);
});

test('the Edit Member dialog asks before a click outside or Escape drops typed changes', async ({ page }) => {
  await asRole(page, 'admin');
  await page.goto('/dashboard?tab=users&q=Morales');
  const row = page.getByTestId('member-row').filter({ hasText: 'Jake Morales' }).first();
  await row.getByRole('button', { name: 'Edit Jake Morales' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Member' });
  const position = dialog.getByLabel('Position');
  const before = await position.inputValue();
  await position.fill('Chief Plumber');

  await page.mouse.click(5, 5);
  await expect(discardDialog(page)).toBeVisible();
  await discardDialog(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(position).toHaveValue('Chief Plumber');
  await position.press('Escape');
  await expect(discardDialog(page)).toBeVisible();
  await discardDialog(page).getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(dialog).toBeHidden();

  await row.getByRole('button', { name: 'Edit Jake Morales' }).click();
  await expect(dialog.getByLabel('Position')).toHaveValue(before);
  // Untouched, the dialog closes at once.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the application form keeps its answers across a reload', async ({ page }) => {
  await page.goto('/apply');
  await page.getByLabel('Company Name').fill('Draft Bakery');
  await page.getByLabel('Business Description').fill('Sourdough for the neighbourhood.');
  await page.reload();
  await expect(page.getByLabel('Company Name')).toHaveValue('Draft Bakery');
  await expect(page.getByLabel('Business Description')).toHaveValue('Sourdough for the neighbourhood.');
});
