import { asRole, expect, test } from './fixtures';

const dollars = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

test('each figure says where it comes from, and an approved referral I gave shows its commission to the cent', async ({
  page,
}) => {
  // Emily Tran (Residential Real Estate) works on a 10% commission rate in the demo data.
  await asRole(page, 'member2');
  await page.goto('/dashboard');
  const figure = (testId: string) => page.getByTestId(testId).locator('..');
  await expect(figure('metric-revenue-received')).toContainText('from referrals you gave');
  await expect(figure('metric-revenue-given')).toContainText('closed from referrals you received');
  await expect(figure('metric-given')).toContainText('approved referrals you gave');
  await expect(figure('metric-received')).toContainText('approved referrals you received');
  await expect(figure('metric-commission')).toContainText('your rate on revenue from referrals you gave');

  await page.getByRole('tab', { name: 'Given', exact: true }).click();
  const approved = page.getByTestId('referral-row').filter({ hasText: 'Approved' }).first();
  await expect(approved).toContainText('Given to');
  const commission = approved.getByTestId('referral-commission');
  await expect(commission).toHaveText(/^ · Commission \$[\d,]+\.\d{2}$/);
  const amount = dollars(
    await approved
      .locator('p')
      .nth(1)
      .textContent()
      .then((t) => t?.split('·')[0] ?? ''),
  );
  expect(dollars(await commission.textContent())).toBeCloseTo(Math.round(amount * 10) / 100, 2);
  // A referral that is not approved earns nothing yet.
  await page.getByRole('tab', { name: 'All Referrals', exact: true }).click();
  const notApproved = page.getByTestId('referral-row').filter({ hasNotText: 'Approved' });
  await expect(notApproved.first()).toBeVisible();
  await expect(notApproved.getByTestId('referral-commission')).toHaveCount(0);
});

test('a member on a 0% rate sees no commission in the list', async ({ page }) => {
  await asRole(page, 'member');
  await page.goto('/dashboard');
  await expect(page.getByTestId('referral-row').first()).toBeVisible();
  await expect(page.getByTestId('metric-commission')).toHaveCount(0);
  await expect(page.getByTestId('referral-commission')).toHaveCount(0);
});
