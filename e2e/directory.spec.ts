import { expectAccessible } from './a11y';
import { expect, test } from './fixtures';

test('search narrows the cards, and nonsense shows the empty text', async ({ page }) => {
  await page.goto('/members');
  const cards = page.getByTestId('member-card');
  await expect(cards.first()).toBeVisible();
  await page.getByLabel('Search members').fill('plumb');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Jake Morales');
  await page.getByLabel('Search members').fill('zzqx-nothing-matches');
  await expect(page.getByText('No members found matching your criteria.')).toBeVisible();
  await expect(cards).toHaveCount(0);
});

test('the industry filter works and survives a reload', async ({ page }) => {
  await page.goto('/members');
  await page.getByLabel('Industry').selectOption('Dental');
  await expect(page).toHaveURL(/industry=Dental/);
  const cards = page.getByTestId('member-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Claire Dubois');
  await page.reload();
  await expect(page.getByLabel('Industry')).toHaveValue('Dental');
  await expect(cards).toHaveCount(1);
});

test('the pager appears above 9 matches and moves between pages', async ({ page }) => {
  await page.goto('/members');
  const pager = page.getByRole('navigation', { name: 'Directory pages' });
  await expect(pager).toBeVisible();
  const cards = page.getByTestId('member-card');
  await expect(cards).toHaveCount(9);
  const firstOnPageOne = await cards.first().locator('h2').textContent();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(cards.first().locator('h2')).not.toHaveText(firstOnPageOne ?? '');
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(cards.first().locator('h2')).toHaveText(firstOnPageOne ?? '');
  // Few enough matches: no pager.
  await page.getByLabel('Search members').fill('Morales');
  await expect(pager).toHaveCount(0);
});

test('View Profile opens the profile with its statistics', async ({ page }) => {
  await page.goto('/members?q=Morales');
  await page.getByRole('link', { name: 'View Profile' }).click();
  await expect(page).toHaveURL(/\/member\/jake-morales$/);
  await expect(page.getByRole('heading', { name: 'Jake Morales', level: 1 })).toBeVisible();
  await expect(page.getByText('Business Information')).toBeVisible();
  await expect(page.getByText('Statistics')).toBeVisible();
  await expect(page.getByTestId('referralsReceived')).toHaveText(/\d+/);
  // Back to Directory returns to the same search.
  await page.getByRole('link', { name: 'Back to Directory' }).click();
  await expect(page).toHaveURL(/\/members\?q=Morales$/);
  await expect(page.getByLabel('Search members')).toHaveValue('Morales');
});

test('Share copies the profile URL and says so', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/member/jake-morales');
  await page.getByRole('button', { name: 'Share Profile' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Profile URL')).toHaveValue(`${baseURL}/member/jake-morales`);
  await expectAccessible(page, 'the Share dialog');
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByTestId('toast').getByText('Copied to clipboard')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/member/jake-morales`);
  await expect(dialog.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', /linkedin\.com/);
  await dialog.getByRole('button', { name: 'Instagram' }).click();
  await expect(page.getByTestId('toast').getByText('URL copied for Instagram')).toBeVisible();
});

test('Connect shows only the contact details the member made visible', async ({ page }) => {
  await page.goto('/members?q=Owen');
  await page.getByRole('button', { name: 'Connect' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('(970) 555-0117')).toBeVisible(); // business phone: visible
  await expect(dialog.getByText('owen.fischer@demo.test')).toHaveCount(0); // business email: hidden
  await expect(dialog.getByText('(970) 555-0217')).toHaveCount(0); // personal phone: hidden
  await expectAccessible(page, 'the Connect dialog');
});

test('an unknown profile shows Member Not Found', async ({ page }) => {
  await page.goto('/member/no-such-person');
  await expect(page.getByRole('heading', { name: 'Member Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Directory' })).toBeVisible();
});

test('the network revenue badge reads generated', async ({ page }) => {
  await page.goto('/members');
  await expect(page.getByTestId('revenue-badge')).toHaveText(/^\$[\d,]+\.\d{2} generated$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('the directory renders without horizontal scrolling', async ({ page }) => {
    await page.goto('/members');
    await expect(page.getByTestId('member-card').first()).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});

test('a shared profile link previews without JavaScript', async ({ request }) => {
  const html = await (await request.get('/member/jake-morales')).text();
  expect(html).toContain('<meta property="og:title" content="Jake Morales — Cache la Poudre Plumbing');
  expect(html).toContain('og:description');
});
