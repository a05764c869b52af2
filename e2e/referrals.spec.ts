import { expectAccessible } from './a11y';
import { asRole, csrfToken, expect, test } from './fixtures';

const dollars = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));
const usd = (value: number) =>
  value.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Jake Morales is member@demo.test; Emily Tran is member2@demo.test. */
test('a member gives a referral, the other approves it; a new amount and a removal count only once the other accepts', async ({
  page,
  browser,
}) => {
  // Give, approve, propose, accept, remove across two browsers: longer than a minute on the 2-core CI machine.
  test.slow();
  const customer = `Journey ${Date.now().toString(36)}`;
  await asRole(page, 'member');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Referral Management' })).toBeVisible();
  const given = page.getByTestId('metric-given');
  await expect(given).toHaveText(/\d+/);
  const givenBefore = Number(await given.textContent());
  await expectAccessible(page, 'referral metrics tab');

  // Give Referral: the form's messages first, then a real one.
  await page.getByRole('button', { name: 'Give Referral' }).click();
  await expect(page.getByText('Please select who you are crediting')).toBeVisible();
  await page.getByLabel('Search members').fill('Emily');
  await page
    .getByLabel('Member you are crediting')
    .selectOption({ label: 'Emily Tran (Old Town Realty Group) · Residential Real Estate' });
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
  const revenue = page.getByTestId('metric-revenue-received');
  const revenueBefore = dollars(await revenue.textContent());

  // Edit: an approved referral's new amount is a proposal; nothing moves until Emily accepts.
  await row.getByRole('button', { name: /Edit referral/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Referral' });
  await expect(dialog).toContainText('a new amount or sale date goes to Emily Tran to accept');
  await dialog.getByLabel('Amount').fill('0');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Amount must be a positive number')).toBeVisible();
  await dialog.getByLabel('Amount').fill('150');
  await expect(dialog.getByTestId('referral-events')).toContainText('Emily Tran approved it');
  await expectAccessible(page, 'edit referral dialog');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast').getByText('Change proposed')).toBeVisible();
  await expect(row).toContainText('$123.45');
  await expect(row.getByTestId('referral-proposal')).toContainText('Waiting for Emily Tran to accept');
  await expect(revenue).toHaveText(usd(revenueBefore));

  // Emily hears of it in the bell, sees both values side by side, and accepts.
  const emily2 = await (await browser.newContext()).newPage();
  await asRole(emily2, 'member2');
  await emily2.goto('/members');
  await emily2.getByTestId('notification-bell').click();
  const told = emily2.getByTestId('notification').filter({
    hasText: `Jake Morales proposes changing the amount from $123.45 to $150.00 of the ${customer} referral`,
  });
  await expect(told).toContainText('A change to an approved referral waits for your answer');
  await told.click();
  await expect(emily2).toHaveURL(/&referral=[0-9a-f-]{36}$/);
  const change = emily2.getByTestId('pending-proposal').filter({ hasText: customer });
  await expect(change).toHaveAttribute('data-highlighted', 'true');
  await expect(change.getByRole('row', { name: /Amount/ })).toContainText('$123.45');
  await expect(change.getByRole('row', { name: /Amount/ })).toContainText('$150.00');
  const emilyRevenue = emily2.getByTestId('metric-revenue-given');
  const emilyRevenueBefore = dollars(await emilyRevenue.textContent());
  await expectAccessible(emily2, 'a change waiting for an answer');
  await change.getByRole('button', { name: 'Accept change' }).click();
  await expect(emily2.getByTestId('toast').getByText('Change accepted')).toBeVisible();
  await expect(change).toHaveCount(0);
  // $150.00 - $123.45 = $26.55 more, only now.
  await expect(emilyRevenue).toHaveText(usd(emilyRevenueBefore + 26.55));

  // The same notice went out by email, from the same outbox row (the development mailbox shows it).
  await expect
    .poll(async () => (await page.request.get('/dev/mailbox')).text(), { timeout: 15_000 })
    .toContain(
      `Jake Morales proposes changing the amount from $123.45 to $150.00 of the ${customer} referral.`,
    );

  await page.reload();
  await expect(row).toContainText('$150.00');
  await expect(row.getByText('Edited')).toBeVisible();
  await expect(revenue).toHaveText(usd(revenueBefore + 26.55));

  // Delete: an approved referral is removed only when Emily accepts; the dialog says so.
  await row.getByRole('button', { name: /Delete referral/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Referral' });
  await expect(confirm).toContainText('Emily Tran will be asked to accept its removal');
  await expect(confirm).toContainText('all metrics (counts and revenue) for both members will be reversed');
  await expect(confirm).toContainText('cannot be undone');
  await expectAccessible(page, 'the delete referral confirmation');
  await confirm.getByRole('button', { name: 'Request removal' }).click();
  await expect(page.getByTestId('toast').getByText('Removal requested')).toBeVisible();
  await expect(row.getByTestId('referral-proposal')).toContainText('You asked to remove this referral');
  await expect(page.getByTestId('metric-given')).toHaveText(String(givenBefore + 1));

  await emily2.reload();
  const removal = emily2.getByTestId('pending-proposal').filter({ hasText: customer });
  await expect(removal).toContainText('Jake Morales asks to remove this approved referral');
  await removal.getByRole('button', { name: 'Accept removal' }).click();
  await expect(emily2.getByTestId('toast').getByText('Referral removed')).toBeVisible();
  await expect(emily2.getByTestId('metric-received')).toHaveText(String(receivedBefore));
  await emily2.close();

  await page.reload();
  await expect(page.getByTestId('metric-given')).toHaveText(String(givenBefore));
  await expect(row).toHaveCount(0);
});

test('Report Received shows the amount messages', async ({ page }) => {
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

test('a long history pages on the server: 25 at a time, Load more, totals over all of it', async ({
  page,
}) => {
  // The leader gives 26 dated referrals to Claire Dubois (no journey signs in as either for referrals).
  await asRole(page, 'leader');
  const token = await csrfToken(page);
  const members = (await (await page.request.get('/api/members')).json()) as {
    id: string;
    firstName: string;
  }[];
  const claire = members.find((m) => m.firstName === 'Claire')!;
  const tag = `Page ${Date.now().toString(36)}`;
  for (let i = 0; i < 26; i++) {
    const res = await page.request.post('/api/referrals/give', {
      headers: { 'x-csrf-token': token },
      data: { toMemberId: claire.id, saleDate: '2001-01-01', customerName: `${tag} ${i}` },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/dashboard?tab=referrals');
  const rows = page.getByTestId('referral-row');
  await expect(rows).toHaveCount(25);
  const total = Number(await page.getByText('Total Referrals').locator('..').locator('dd').textContent());
  expect(total).toBeGreaterThanOrEqual(26);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(Math.min(total, 50));
  // The oldest of them (sale date 2001-01-01) is now on screen, further down.
  await expect(rows.filter({ hasText: tag }).last()).toContainText('Jan 1, 2001');
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

test('a referral form whose rules cannot be fetched sends nothing, says so, and checks the form once the connection is back', async ({
  page,
}) => {
  await asRole(page, 'member');
  // The referral forms fetch their rules (zod and the schemas) when first checked, not with the page.
  let offline = true;
  const fetched: string[] = [];
  await page.route(/\/assets\/(schemas|contracts)-[\w-]+\.js$/, (route) => {
    fetched.push(route.request().url());
    return offline ? route.abort('internetdisconnected') : route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Referral Management' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);

  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/referrals')) sent.push(request.url());
  });
  await page.getByRole('button', { name: 'Give Referral' }).click();
  await expect(
    page
      .getByTestId('toast')
      .getByText('We could not reach the server. Check your connection and try again.'),
  ).toBeVisible();
  await expect(page.getByText('Please select who you are crediting')).toBeHidden();
  expect(fetched.length).toBeGreaterThan(0);

  offline = false;
  await page.getByRole('button', { name: 'Give Referral' }).click();
  await expect(page.getByText('Please select who you are crediting')).toBeVisible();
  expect(sent).toEqual([]);
});
