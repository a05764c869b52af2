import { expectAccessible } from './a11y';
import { continueWithGoogle, expect, newVisitorEmail, signInWithDemoAccount, test } from './fixtures';

test('a new visitor continues with Google, lands on /apply, and signs out', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: /Welcome to/ })).toBeVisible();
  await expect(page.getByText('Sign in to your account or create a new one to get started')).toBeVisible();
  const terms = page.getByRole('main').getByRole('link', { name: 'Terms of Service' });
  await expect(terms).toHaveAttribute('target', '_blank');

  await continueWithGoogle(page, newVisitorEmail(), 'Rivka Stone');
  await expect(page).toHaveURL(/\/apply$/);
  await expect(page.getByTestId('toast').getByText('Sign In Successful')).toBeVisible();
  // The greeting names the network (it read 'Welcome to !' on this path once).
  await expect(page.getByTestId('toast').getByText('Welcome to NoCo Referral Network!')).toBeVisible();

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Apply' })).toBeVisible(); // a GUEST still sees Apply
  await header.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu').getByText('Rivka Stone')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(401);
});

test('a cancelled Google sign-in returns to /login with a calm note, not a failure', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('toast').getByText('Sign-in cancelled')).toBeVisible();
  await expect(page.getByTestId('toast').getByText('Sign In Failed')).toHaveCount(0);
});

test('the sign-in page shows only its own messages, whatever the address says', async ({ page }) => {
  await page.goto('/login?error=Your%20account%20is%20suspended.%20Call%20555-0100');
  await expect(page.getByTestId('toast').getByText('Sign In Failed')).toBeVisible();
  await expect(page.getByTestId('toast').getByText('Failed to sign in with Google')).toBeVisible();
  await expect(page.getByText('suspended')).toHaveCount(0);
});

test('a test-domain member signs in and sees the Dashboard link and user menu', async ({ page }) => {
  await signInWithDemoAccount(page, 'member@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Apply' })).toHaveCount(0);
  await page.getByRole('banner').getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu').getByText('member@demo.test')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();

  // A signed-in user opening / is sent on through /auth-success.
  await page.keyboard.press('Escape');
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong demo password shows Sign In Failed', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('member@demo.test');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in with demo account' }).click();
  await expect(page.getByTestId('toast').getByText('Sign In Failed')).toBeVisible();
  await expect(page.getByTestId('toast').getByText('Invalid email or password')).toBeVisible();
});

test('a protected route sends a signed-out visitor to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the login page lists the demo accounts and signs one in with a click, on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/login');
  const accounts = page.getByRole('list', { name: 'Demo accounts' });
  // The README's accounts, first the agency administrator, each with its role and chapter.
  await expect(accounts.getByRole('listitem').first()).toContainText('Agency Administrator');
  await expect(accounts.getByRole('listitem').first()).toContainText('agency@demo.test');
  await expect(accounts.getByRole('listitem')).toHaveCount(9);
  await expect(accounts.getByRole('listitem').nth(7)).toContainText(
    'Leadership · Loveland Business Builders',
  );
  await expect(accounts.getByRole('listitem').nth(7)).toContainText('leader2@demo.test');
  await expectAccessible(page, 'login with demo accounts (360 px)');
  await page.screenshot({ path: test.info().outputPath('login-360.png'), fullPage: true });
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await accounts
    .getByRole('button', { name: /^Sign in as .+, Leadership$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await (await page.request.get('/api/auth/user')).json()).email).toBe('leader@demo.test');
});
