import { asRole, expect, openMeetingOn, test, tuesdayWeeksAgo } from './fixtures';

/** On a phone, small controls are big enough to tap and a toast hides no control. */
test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test('the terms checkbox is at least 24 px square', async ({ page }) => {
    await page.goto('/apply');
    for (const name of [/I agree to the/, 'Same as above']) {
      const box = await page.getByRole('checkbox', { name }).boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(24);
      expect(box?.height).toBeGreaterThanOrEqual(24);
    }
  });

  test('while a toast shows, the end of the page can scroll clear of it', async ({ page }) => {
    await asRole(page, 'leader');
    await page.goto('/dashboard?tab=attendance');
    // A week no other journey records, so nothing is marked and saving answers with a toast, sending nothing.
    await openMeetingOn(page, tuesdayWeeksAgo(30));
    await page.getByRole('button', { name: 'Save Attendance' }).click();
    const toast = page.getByTestId('toast');
    await expect(toast.getByText('No Attendance Marked')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The page's last control (in the footer) ends above the toast's top edge.
    const last = page.locator('footer a').last();
    await expect(async () => {
      const linkBox = await last.boundingBox();
      const toastBox = await toast.boundingBox();
      expect(linkBox && toastBox && linkBox.y + linkBox.height <= toastBox.y).toBe(true);
    }).toPass({ timeout: 10_000 });
  });
});
