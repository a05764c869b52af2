import { expectAccessible } from './a11y';
import { asRole, expect, test } from './fixtures';

test("skip links reach each dashboard panel's first control in a few keys", async ({ page }) => {
  await asRole(page, 'member');
  await page.goto('/dashboard?tab=referrals');
  await expect(
    page
      .getByRole('heading', { name: 'Pending Referrals' })
      .or(page.getByText('Member you are crediting'))
      .first(),
  ).toBeVisible();
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return {
        text: el?.textContent?.trim() ?? '',
        panel: el?.closest('[id^="panel-"]')?.id ?? null,
        tag: el?.tagName ?? '',
        label:
          el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLButtonElement
            ? (el.labels?.[0]?.textContent ?? '')
            : '',
      };
    });

  // Tab 1: the main content; Tab 2: the referral form, whose first field Enter lands on (18 Tabs without).
  await page.keyboard.press('Tab');
  expect((await focused()).text).toBe('Skip to content');
  await page.keyboard.press('Tab');
  expect((await focused()).text).toBe('Skip to recording a referral');
  await expectAccessible(page, 'a skip link in view');
  await page.keyboard.press('Enter');
  expect(await focused()).toMatchObject({ panel: 'panel-record-referral' });
  // The member picker's search, the first step of choosing the member you are crediting.
  expect((await focused()).label).toContain('Search members');

  // Three Tabs from the top and Enter: the first control of the referrals waiting for an answer.
  await page.reload();
  await expect(page.getByText('Member you are crediting')).toBeVisible();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  expect((await focused()).text).toBe('Skip to referrals waiting for you');
  await page.keyboard.press('Enter');
  expect((await focused()).panel).toBe('panel-pending-referrals');

  // The attendance tab's panels, for leadership.
  await asRole(page, 'leader');
  await page.goto('/dashboard?tab=attendance');
  await expect(page.getByTestId('meeting-view')).toBeVisible();
  await page.getByRole('link', { name: 'Skip to the meeting on screen' }).focus();
  await page.keyboard.press('Enter');
  expect((await focused()).panel).toBe('panel-meeting');
});
