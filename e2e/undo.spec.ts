import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { asRole, csrfToken, expect, test } from './fixtures';

/**
 * Approve and Decline of a referral, Approve of an application and Remove picture wait
 * behind a toast with Undo. Undo puts everything back and nothing is sent; left alone the change is
 * sent, also when the page closes first.
 */

/**
 * Marcus Bell (admin@demo.test) credits Dana Whitfield (agency@demo.test) through the API; returns the
 * customer name. Neither is a member whose figures or write limit another journey uses up meanwhile.
 */
async function marcusCreditsDana(page: Page): Promise<string> {
  const customer = `Undo ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const members = (
    (await (await page.request.get('/api/members/active?q=dana%20whitfield')).json()) as {
      items: Array<{ id: string; firstName: string | null; lastName: string | null }>;
    }
  ).items;
  const dana = members.find((m) => m.firstName === 'Dana' && m.lastName === 'Whitfield');
  expect(dana, 'Dana Whitfield is in the demo data').toBeTruthy();
  const res = await page.request.post('/api/referrals/give', {
    data: {
      toMemberId: dana!.id,
      amount: '1850.00',
      // Two days back: never 'in the future' in the chapter's time zone, whatever this machine's is.
      saleDate: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
      customerName: customer,
      referralType: 'gratitude',
      notes: '',
    },
    headers: { 'x-csrf-token': await csrfToken(page) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return customer;
}

/**
 * Marcus credits Dana, and `page` is signed in as Dana (not yet on a page, so a journey can watch its
 * requests first): Marcus's page, the customer and the row Dana will see in Pending Referrals.
 */
async function creditFromMarcusForDana(page: Page, browser: Browser) {
  const marcus = await (await browser.newContext()).newPage();
  await asRole(marcus, 'admin');
  await marcus.goto('/');
  const customer = await marcusCreditsDana(marcus);
  await asRole(page, 'agency');
  return { marcus, customer, row: page.getByTestId('pending-referral').filter({ hasText: customer }) };
}

/** The id of the referral named by `customer` in the page user's pending list. */
async function pendingId(page: Page, customer: string): Promise<string> {
  const pending = (await (await page.request.get('/api/referrals/pending')).json()) as {
    items: Array<{ id: string; customerName: string | null }>;
  };
  const found = pending.items.find((r) => r.customerName === customer);
  expect(found, `${customer} is pending`).toBeTruthy();
  return found!.id;
}

const statusCalls = (page: Page) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && /\/api\/referrals\/[^/]+\/status$/.test(request.url()))
      sent.push(request.postData() ?? '');
  });
  return sent;
};

test('Undo restores a declined referral and sends nothing; a decline left alone is kept even when the page closes', async ({
  page,
  browser,
}) => {
  const { marcus, customer, row } = await creditFromMarcusForDana(page, browser);
  const sent = statusCalls(page);
  // The page's own clock, so the Undo window can pass at once instead of being waited out.
  await page.clock.install();
  await page.goto('/dashboard?tab=referrals');
  await expect(row).toContainText('$1,850.00');

  await row.getByRole('button', { name: 'Decline' }).click();
  await expect(row).toHaveCount(0);
  const notice = page.getByTestId('toast').filter({ hasText: 'Referral Declined' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Undo' })).toBeFocused();
  // Undone at once: on a slow machine the axe check alone outlasted the window (CI, 2026-11-26), so the
  // toast is checked in the next journey, where the window may end.
  await page.keyboard.press('Enter');
  await expect(row.getByRole('button', { name: 'Approve' })).toBeFocused();
  // Longer than the window: nothing goes out after an Undo.
  await page.clock.runFor(7_000);
  await page.reload();
  await expect(row).toContainText('$1,850.00');
  // Checked after the reload: a request the window's end started has been seen by then.
  expect(sent).toEqual([]);

  // Declined again and the tab reloads at once: the decline still reaches the server.
  await row.getByRole('button', { name: 'Decline' }).click();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pending Referrals' })).toBeVisible();
  await expect
    .poll(async () => {
      const pending = (await (await page.request.get('/api/referrals/pending')).json()) as {
        items: Array<{ customerName: string | null; status: string }>;
      };
      return pending.items.some((r) => r.customerName === customer);
    })
    .toBe(false);
  await marcus.goto('/dashboard?tab=referrals');
  await expect(marcus.getByTestId('referral-row').filter({ hasText: customer })).toContainText('Declined');
});

test('an approval left alone is sent when its window ends', async ({ page, browser }) => {
  const { marcus, customer, row } = await creditFromMarcusForDana(page, browser);
  await page.goto('/dashboard?tab=referrals');
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().endsWith('/status') && r.ok(),
  );
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('toast').getByText('Referral Approved')).toBeVisible();
  await expectAccessible(page, 'the Undo toast');
  await answered;
  await expect(page.getByTestId('toast')).toHaveCount(0);
  // The notice closed with focus on its Undo: focus moves to the list the referral left.
  await expect(page.getByRole('heading', { name: 'Pending Referrals' })).toBeFocused();
  await marcus.goto('/dashboard?tab=referrals');
  await expect(marcus.getByTestId('referral-row').filter({ hasText: customer })).toContainText('Approved');
});

test('a held decline that fails when sent says so and gives the row back', async ({ page, browser }) => {
  const { marcus, customer, row } = await creditFromMarcusForDana(page, browser);
  await page.goto('/dashboard?tab=referrals');
  const id = await pendingId(page, customer);
  await row.getByRole('button', { name: 'Decline' }).click();
  await expect(row).toHaveCount(0);
  // While the decline waits, Marcus removes his pending referral: the held request then meets a 404.
  const removed = await marcus.request.delete(`/api/referrals/${id}`, {
    headers: { 'x-csrf-token': await csrfToken(marcus) },
  });
  expect(removed.status()).toBe(204);
  const failure = page.getByTestId('toast').filter({ hasText: 'Error' });
  await expect(failure).toBeVisible({ timeout: 15_000 });
  await expect(row).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pending Referrals' })).toBeVisible();
});
