import { expectAccessible } from './a11y';
import { asRole, continueWithGoogle, expect, newVisitorEmail, test } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('an admin finds a member by search, changes their role, then deletes them through the confirmation', async ({
  page,
  browser,
}) => {
  test.slow();
  // A brand-new visitor, so no other journey depends on this account.
  const lastName = `Rostertest${unique()}`;
  const visitor = await (await browser.newContext()).newPage();
  await continueWithGoogle(visitor, newVisitorEmail('roster'), `Riley ${lastName}`);
  await visitor.waitForURL(/\/(dashboard|apply)/);

  await asRole(page, 'admin');
  await page.goto('/dashboard?tab=users');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(page.getByText(/Showing 1 to 15 of \d+ members/)).toBeVisible();
  await expectAccessible(page, 'the roster');

  await page.getByLabel('Search members').fill(lastName);
  await expect(page).toHaveURL(new RegExp(`q=${lastName}`));
  const row = page.getByTestId('member-row').filter({ hasText: lastName });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Guest', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Edit Riley ${lastName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Member' });
  // A network admin may assign Guest, Member and Leadership only.
  await expect(dialog.getByLabel('Role').locator('option')).toHaveText(['Guest', 'Member', 'Leadership']);
  await dialog.getByLabel('Personal email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Invalid email')).toBeVisible();
  await dialog.getByLabel('Personal email').fill('');
  await dialog.getByLabel('Role').selectOption('MEMBER');
  await expectAccessible(page, 'the member edit dialog');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast').getByText('Member Updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Member', { exact: true })).toBeVisible();

  // Filters and the search survive a reload (they live in the address).
  await page.reload();
  await expect(page.getByLabel('Search members')).toHaveValue(lastName);
  await page.getByLabel('Role').selectOption('GUEST');
  await expect(page.getByText('No members found matching your filters')).toBeVisible();
  await page.getByLabel('Role').selectOption('');

  await row.getByRole('button', { name: `Delete Riley ${lastName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Member' });
  await expect(confirm).toContainText('permanently removes');
  await expect(confirm).toContainText("'Former member'");
  await expectAccessible(page, 'the delete member confirmation');
  await confirm.getByRole('button', { name: 'Delete Member' }).click();
  await expect(page.getByTestId('toast').getByText('Member Deleted')).toBeVisible();
  await expect(page.getByText('No members found matching your filters')).toBeVisible();
});

test('an admin sees no Edit or Delete for their own row or an agency admin', async ({ page }) => {
  await asRole(page, 'admin');
  // Other journeys add members, so each row is found by search rather than by its place on page 1.
  for (const name of ['Marcus Bell', 'Dana Whitfield']) {
    await page.goto(`/dashboard?tab=users&q=${encodeURIComponent(name)}`);
    const row = page.getByTestId('member-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('button')).toHaveCount(0);
  }
});

test('an admin adds, renames and deletes an industry', async ({ page }) => {
  test.slow();
  const name = `Beekeeping ${unique()}`;
  await asRole(page, 'admin');
  await page.goto('/dashboard?tab=industries');
  await page.getByRole('button', { name: 'Add Industry' }).click();
  await page.getByRole('button', { name: 'Create Industry' }).click();
  await expect(page.getByText('Industry name is required')).toBeVisible();
  await page.getByLabel('Industry name').fill(name);
  await page.getByLabel('Description (optional)').fill('Hives and honey');
  await page.getByRole('button', { name: 'Create Industry' }).click();
  await expect(page.getByTestId('toast').getByText('Industry created successfully')).toBeVisible();
  const row = page.getByTestId('industry-row').filter({ hasText: name });
  await expect(row).toContainText('Seat open');

  // A duplicate, in any case, is refused with the server's reason.
  await page.getByRole('button', { name: 'Add Industry' }).click();
  await page.getByLabel('Industry name').fill(name.toUpperCase());
  await page.getByRole('button', { name: 'Create Industry' }).click();
  await expect(page.getByTestId('toast').getByText('Failed to create industry')).toBeVisible();
  // Nor do extra spaces make it another industry; a text-direction override is refused at the field.
  await page.getByLabel('Industry name').fill(`  ${name.replace(' ', '   ')} `);
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/api/industries') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create Industry' }).click();
  expect((await refused).status()).toBe(409);
  await page.getByLabel('Industry name').fill(`${name}\u202Egnp.exe`);
  await page.getByRole('button', { name: 'Create Industry' }).click();
  await expect(page.getByText('Remove control or text-direction characters from this field')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByLabel('Industry name').fill(`${name} and Honey`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').getByText('Industry updated successfully')).toBeVisible();
  const renamed = page.getByTestId('industry-row').filter({ hasText: `${name} and Honey` });
  await expect(renamed).toBeVisible();
  await expectAccessible(page, 'the industries list');

  page.once('dialog', (d) => {
    expect(d.message()).toContain('This action cannot be undone.');
    void d.accept();
  });
  await renamed.getByRole('button', { name: `Delete ${name} and Honey` }).click();
  await expect(page.getByTestId('toast').getByText('Industry deleted successfully')).toBeVisible();
  await expect(renamed).toHaveCount(0);
});

test('an admin changes the default dues and a member sees their Network ROI follow', async ({
  page,
  browser,
}) => {
  test.slow();
  const member = await (await browser.newContext()).newPage();
  await asRole(member, 'member');
  await member.goto('/dashboard?tab=referrals');
  const roiHint = member.getByText(/% of \$[\d,]+ dues/);
  await expect(roiHint).toBeVisible();

  await asRole(page, 'admin');
  await page.goto('/dashboard?tab=settings');
  // The attendance limit is real now: refused out of range, saved per chapter.
  await expect(page.getByText('Current Default Limit: 4 meetings')).toBeVisible();
  const limit = page.getByLabel('New default limit (meetings)');
  await limit.fill('0');
  await page.getByRole('button', { name: 'Save limit' }).click();
  await expect(page.getByText('Please enter a whole number of meetings from 1 to 52')).toBeVisible();
  await limit.fill('4');
  await page.getByRole('button', { name: 'Save limit' }).click();
  await expect(
    page.getByTestId('toast').getByText('Default attendance limit updated successfully.'),
  ).toBeVisible();
  await expect(page.getByTestId('current-attendance-limit')).toHaveText('Current Default Limit: 4 meetings');
  const current = (await page.getByTestId('current-dues').locator('strong').textContent())?.replace(
    /[$,]/g,
    '',
  );
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await page.getByLabel('New default annual dues').fill('-5');
  await save.click();
  await expect(
    page.getByText('Invalid Value - Please enter a valid positive number for annual dues'),
  ).toBeVisible();

  const dues = 500 + Math.floor(Math.random() * 400);
  await page.getByLabel('New default annual dues').fill(String(dues));
  await save.click();
  await expect(
    page.getByTestId('toast').getByText('Default annual dues updated successfully.'),
  ).toBeVisible();
  await expect(page.getByTestId('current-dues')).toContainText(`$${dues}.00`);
  await expect(page.getByTestId('audit-log')).toContainText(`to $${dues}.00`);
  await expectAccessible(page, 'the settings tab');

  await member.reload();
  await expect(roiHint).toContainText(`of $${dues} dues`);

  // Put the default back for the other journeys.
  await page.getByLabel('New default annual dues').fill(current ?? '400');
  await save.click();
  await expect(page.getByTestId('current-dues')).toContainText(`$${current}`);
});

test.describe('User Management on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  test('the card layout sorts by any column, either way', async ({ page }) => {
    await asRole(page, 'admin');
    await page.goto('/dashboard?tab=users');
    const cards = page.getByTestId('member-card');
    await expect(cards.first()).toBeVisible();
    const names = async () =>
      (await cards.locator('p.font-medium').allTextContents()).map((n) => n.trim().toLowerCase());
    const sortBy = page.getByLabel('Sort by');
    await expect(sortBy).toHaveValue('name');
    const ascending = await names();
    expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b)));

    await page.getByRole('button', { name: /^Ascending/ }).click();
    await expect(page).toHaveURL(/dir=desc/);
    await expect(page.getByRole('button', { name: /^Descending/ })).toBeVisible();
    await expect.poll(names).not.toEqual(ascending);
    const descending = await names();
    expect(descending).toEqual([...descending].sort((a, b) => b.localeCompare(a)));

    await sortBy.selectOption({ label: 'Industry' });
    await expect(page).toHaveURL(/sort=industry/);
    // The direction stays; the server orders by industry now.
    await expect(page).toHaveURL(/dir=desc/);
    await expect.poll(names).not.toEqual(descending);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test('while the next roster page loads, the pager goes on speaking of the rows on screen', async ({
  page,
}) => {
  await asRole(page, 'admin');
  await page.goto('/dashboard?tab=users');
  const range = page.getByText(/^Showing \d+ to \d+ of \d+ members$/);
  await expect(range).toHaveText(/^Showing 1 to 15 of \d+ members$/);
  const rows = page.getByTestId('member-row');
  const names = async () =>
    (await rows.locator('td:first-child div:first-child').allTextContents()).join('|');
  const firstPage = await names();

  // Hold the next page's answer: the first page's rows stay (dimmed), and so do its range and page number.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/users',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('[aria-busy="true"]').getByTestId('member-row').first()).toBeVisible();
  await expect(range).toHaveText(/^Showing 1 to 15 of \d+ members$/);
  await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  expect(await names()).toBe(firstPage);

  release();
  await expect(range).toHaveText(/^Showing 16 to \d+ of \d+ members$/);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  expect((await names()).split('|').filter((n) => firstPage.split('|').includes(n))).toEqual([]);
});
