import { expectAccessible } from './a11y';
import { asRole, expect, test } from './fixtures';

/** Jake Morales is member@demo.test; Emily Tran is member2@demo.test. */
test('a member gives a referral, the other approves it, both see the metrics move; edit and delete', async ({
  page,
  browser,
}) => {
  const customer = `Journey ${Date.now().toString(36)}`;
  await asRole(page, 'member');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Referral Management' })).toBeVisible();
  const given = page.getByTestId('metric-given');
  await expect(given).toHaveText(/\d+/);
  const givenBefore = Number(await given.textContent());
  await expectAccessible(page, 'referral metrics tab');

  // Give Referral: the spec's messages first, then a real one.
  await page.getByRole('button', { name: 'Give Referral' }).click();
  await expect(page.getByText('Please select who you are crediting')).toBeVisible();
  await page.getByLabel('Search members').fill('Emily');
  await page
    .getByLabel('Member you are crediting')
    .selectOption({ label: 'Emily Tran (Old Town Realty Group)' });
  await page.getByLabel('Amount (optional)').fill('123.45');
  await page.getByLabel('Customer name (optional)').fill(customer);
  await page.getByRole('button', { name: 'Give Referral' }).click();
  await expect(page.getByTestId('toast').getByText('Referral Credit Sent!')).toBeVisible();
  const row = page.getByTestId('referral-row').filter({ hasText: customer });
  await expect(row.getByText('Pending')).toBeVisible();

  // Emily approves it from her Pending Referrals.
  const emily = await (await browser.newContext()).newPage();
  await asRole(emily, 'member2');
  await emily.goto('/dashboard');
  const emilyReceived = emily.getByTestId('metric-received');
  await expect(emilyReceived).toHaveText(/\d+/);
  const receivedBefore = Number(await emilyReceived.textContent());
  const pending = emily.getByTestId('pending-referral').filter({ hasText: customer });
  await expect(pending).toContainText('$123.45');
  await pending.getByRole('button', { name: 'Approve' }).click();
  await expect(emily.getByTestId('toast').getByText('Referral Approved')).toBeVisible();
  await expect(pending).toHaveCount(0);
  // Emily's figures move too: one more received.
  await expect(emilyReceived).toHaveText(String(receivedBefore + 1));
  await emily.close();

  // Jake's figures move: one more given, and the row is approved.
  await page.reload();
  await expect(page.getByTestId('metric-given')).toHaveText(String(givenBefore + 1));
  await expect(row.getByText('Approved')).toBeVisible();

  // Edit: the amount changes and the history says so.
  await row.getByRole('button', { name: /Edit referral/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Referral' });
  await dialog.getByLabel('Amount').fill('0');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Amount must be a positive number')).toBeVisible();
  await dialog.getByLabel('Amount').fill('150');
  await expect(dialog.getByTestId('referral-events')).toContainText('Emily Tran approved it');
  await expectAccessible(page, 'edit referral dialog');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast').getByText('Referral updated successfully')).toBeVisible();
  await expect(row).toContainText('$150.00');
  await expect(row.getByText('Edited')).toBeVisible();

  // Delete: an approved referral warns that both members' metrics are reversed.
  await row.getByRole('button', { name: /Delete referral/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Referral' });
  await expect(confirm).toContainText('all metrics (counts and revenue) for both members will be reversed');
  await expect(confirm).toContainText('cannot be undone');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast').getByText('Referral deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('metric-given')).toHaveText(String(givenBefore));
});

test('Report Received shows the spec’s amount messages', async ({ page }) => {
  await asRole(page, 'member2');
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Report Received' }).click();
  await page.getByRole('button', { name: 'Report Referral' }).click();
  await expect(page.getByText('Please select who referred this to you')).toBeVisible();
  await expect(page.getByText('Sale amount is required')).toBeVisible();
  await page.getByLabel('Sale amount').fill('-5');
  await page.getByRole('button', { name: 'Report Referral' }).click();
  await expect(page.getByText('Amount must be a positive number')).toBeVisible();
});

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  test('the Referral Metrics tab fits and works', async ({ page }) => {
    await asRole(page, 'member');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Referral History' })).toBeVisible();
    await expect(page.getByTestId('referral-row').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('tab', { name: 'Received', exact: true }).click();
    await expect(page.getByTestId('referral-row').first()).toContainText('Received from');
  });
});
