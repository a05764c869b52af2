import { DEV_SESSION_SECRET } from '../src/server/config';
import { unsubscribeUrl } from '../src/server/modules/notifications/unsubscribe-token';
import { expectAccessible } from './a11y';
import { asRole, expect, test } from './fixtures';

/**
 * Marcus Bell (admin@demo.test) credits Dana Whitfield (agency@demo.test): members whose figures, email
 * settings and referral write limit no parallel journey counts, changes or uses up.
 */
test('a referral reaches the other member through the bell, and the approval comes back the same way', async ({
  page,
  browser,
}) => {
  // A unique amount names this journey's notifications among those of parallel journeys.
  const cents = String(Date.now() % 100).padStart(2, '0');
  const amount = `4${Date.now() % 1000}.${cents}`;
  const shown = `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  const customer = `Bell ${Date.now().toString(36)}`;

  await asRole(page, 'admin');
  await page.goto('/dashboard?tab=referrals');
  await page.getByRole('button', { name: 'Give Referral' }).click();
  await page.getByLabel('Search members').fill('Dana');
  await page
    .getByLabel('Member you are crediting')
    .selectOption({ label: 'Dana Whitfield (Front Range Chapter Partners) · Business Consulting' });
  await page.getByLabel('Amount (optional)').fill(amount);
  await page.getByLabel('Customer name (optional)').fill(customer);
  await page.getByRole('button', { name: 'Give Referral' }).click();
  await expect(page.getByTestId('toast').getByText('Referral Credit Sent!')).toBeVisible();

  // Dana sees the count on the bell, opens the panel and follows the notification.
  const dana = await (await browser.newContext()).newPage();
  await asRole(dana, 'agency');
  await dana.goto('/members');
  await expect(dana.getByTestId('notification-count')).toHaveText(/^(\d+|99\+)$/);
  await expect(dana.getByTestId('notification-bell')).toHaveAccessibleName(/Notifications, \d+\+? unread/);
  await dana.getByTestId('notification-bell').click();
  const item = dana
    .getByTestId('notification')
    .filter({ hasText: `Marcus Bell credited you with a ${shown} referral` });
  await expect(item).toContainText('A referral waits for your decision');
  await expect(item).toContainText('(unread)');
  await expectAccessible(dana, 'notification panel');
  await item.click();
  // The notification opens the referral itself: scrolled to, highlighted and focused.
  await expect(dana).toHaveURL(/\/dashboard\?tab=referrals&referral=[0-9a-f-]{36}$/);
  const pending = dana.getByTestId('pending-referral').filter({ hasText: customer });
  await expect(pending).toBeInViewport();
  await expect(pending).toHaveAttribute('data-highlighted', 'true');
  await expect(pending).toBeFocused();
  // Only that one is highlighted.
  await expect(dana.locator('[data-highlighted="true"]')).toHaveCount(1);
  // The Referral Metrics tab counts what waits on Dana, this referral among them.
  const count = dana
    .getByRole('tablist', { name: 'Dashboard sections' })
    .getByRole('tab', { name: /Referral Metrics/ })
    .getByTestId('tab-count-referrals');
  await expect(count).toHaveText(/^\d+\(\d+ waiting\)$/);
  const waiting = Number((await count.textContent())?.split('(')[0]);
  expect(waiting).toBeGreaterThanOrEqual(1);
  const answered = dana.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().endsWith('/status'),
  );
  await pending.getByRole('button', { name: 'Approve' }).click();
  await expect(dana.getByTestId('toast').getByText('Referral Approved')).toBeVisible();
  await answered;

  // Opened means read.
  await dana.getByTestId('notification-bell').click();
  await expect(item).not.toContainText('(unread)');
  await dana.keyboard.press('Escape');
  await dana.close();

  // Marcus hears back: the approval is in his panel after the next navigation.
  await page.goto('/members');
  await page.getByTestId('notification-bell').click();
  const approved = page
    .getByTestId('notification')
    .filter({ hasText: `Dana Whitfield approved the ${customer} referral` });
  await expect(approved).toContainText('Your referral was approved');
  await page.getByRole('menuitem', { name: 'Mark all as read' }).click();
  await expect(approved).not.toContainText('(unread)');
  await page.keyboard.press('Escape');

  // Nothing left the machine: the development mailbox shows the email Dana would have received.
  await expect
    .poll(async () => (await page.request.get('/dev/mailbox')).text(), { timeout: 15_000 })
    .toContain(`Marcus Bell credited you with a ${shown} referral.`);
});

test('a member switches one kind of notification email off and on in Account Settings', async ({ page }) => {
  await asRole(page, 'member2');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard?tab=account');
  const settings = page.getByRole('heading', { name: 'Email notifications' });
  await expect(settings).toBeVisible();
  const reminders = page.getByRole('switch', {
    name: 'Reminders about referrals still pending after 3 and 7 days',
  });
  await expect(reminders).toHaveAttribute('aria-checked', 'true');
  // Members are never offered what only reviewers receive.
  await expect(page.getByRole('switch', { name: 'A new membership application arrived' })).toHaveCount(0);
  await reminders.click();
  await expect(page.getByTestId('toast').getByText('Email settings saved')).toBeVisible();
  await page.reload();
  await expect(reminders).toHaveAttribute('aria-checked', 'false');
  await expectAccessible(page, 'email notification settings');
  await reminders.click();
  await expect(reminders).toHaveAttribute('aria-checked', 'true');
});

test('a signed-in leader stops one kind of email from the link in an email, and can switch it back', async ({
  page,
}) => {
  await asRole(page, 'leader');
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
  // The link the email carries (the e2e server signs with the development secret).
  await page.goto(unsubscribeUrl('', DEV_SESSION_SECRET, me.id, 'application_new'));
  await expect(page.getByRole('heading', { name: 'Stop these emails?' })).toBeVisible();
  await expectAccessible(page, 'unsubscribe page');
  // A plain form POST from a browser holding a session cookie: no CSRF header, the page's form token instead.
  await page.getByRole('button', { name: 'Stop these emails' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();

  await page.getByRole('link', { name: 'Account Settings' }).click();
  const kind = page.getByRole('switch', { name: 'A new membership application arrived' });
  await expect(kind).toHaveAttribute('aria-checked', 'false');
  await kind.click();
  await expect(kind).toHaveAttribute('aria-checked', 'true');
});
