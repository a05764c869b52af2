import { expectAccessible } from './a11y';
import { DEMO_PASSWORD, DEMO_ROLES, expect, test } from './fixtures';

/**
 * An integrator reads the API's reference page, signs in for a bearer token as it says, pastes
 * the token under "Authorize" and tries a call from the page.
 */
test('the API reference: read, authorize with a bearer token, try a call (1280 and 360 px)', async ({
  page,
}) => {
  // Two loads of the reference page (every operation with its refusals) and an axe pass over it: in CI, on
  // two cores beside another journey, the whole took just over the 60 s default twice.
  test.slow();
  const signIn = await page.request.post('/api/auth/signin', {
    headers: { 'x-session-transport': 'bearer' },
    data: { email: DEMO_ROLES.member, password: DEMO_PASSWORD },
  });
  expect(signIn.ok()).toBe(true);
  const { accessToken } = await signIn.json();
  await page.context().clearCookies(); // the page must work by the token alone

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /NoCo Referral Network API/ })).toBeVisible();
  await expect(page.getByText('X-Session-Transport: bearer').first()).toBeVisible();

  await page.getByRole('button', { name: 'Authorize' }).first().click();
  await page.getByRole('textbox', { name: 'auth-bearer-value' }).fill(accessToken);
  await page.getByRole('button', { name: 'Apply credentials' }).first().click();
  await page.getByRole('button', { name: 'Close' }).first().click();

  const operation = page.locator('#operations-auth-getAuthUser');
  await operation.locator('.opblock-summary').click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  await operation.getByRole('button', { name: 'Execute' }).click();
  const live = operation.locator('.live-responses-table');
  await expect(live.locator('tr.response .response-col_status').first()).toHaveText('200');
  await expect(live.getByText(DEMO_ROLES.member).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('api-docs-1280.png') });
  await expectAccessible(page, '/api/docs after a call');

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /NoCo Referral Network API/ })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('api-docs-360.png') });
});
