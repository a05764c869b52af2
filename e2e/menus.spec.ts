import { expectAccessible } from './a11y';
import { asRole, expect, test } from './fixtures';

/**
 * An open menu or dialog must not hide focusable page content from assistive technology
 * (axe aria-hidden-focus), so axe runs with each of them open.
 */
test('the open user menu, notification panel and mobile menu pass axe', async ({ page }) => {
  await asRole(page, 'member');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
  await expectAccessible(page, 'the open user menu');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'User menu' })).toBeFocused();

  await page.getByTestId('notification-bell').click();
  await expectAccessible(page, 'the open notification panel');
  await page.keyboard.press('Escape');
});

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the open mobile menu passes axe', async ({ page }) => {
    await asRole(page, 'member');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /menu/i }).first().click();
    await expectAccessible(page, 'the open mobile menu');
  });
});
