import { asRole, expect, longDate, openMeetingOn, test, tuesdayWeeksAgo } from './fixtures';

test.describe('attendance on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  // Logged as the agency administrator: the leader's write limit is used up by other journeys.
  test('opens a week for recording, finds a member and saves without scrolling', async ({
    page,
  }, testInfo) => {
    await asRole(page, 'agency');
    await page.goto('/dashboard?tab=attendance');
    // Its own week, so no other journey's meeting is touched.
    const date = tuesdayWeeksAgo(14 + testInfo.retry);
    await openMeetingOn(page, date);
    await expect(page.getByTestId('attendance-member').first()).toBeVisible();

    // Find a member by name.
    const find = page.getByLabel('Find a member');
    await find.fill('claire');
    const cards = page.getByTestId('attendance-member');
    await expect(cards).toHaveCount(1);
    await cards.getByLabel('Present').check();
    await find.fill('zzzz');
    await expect(page.getByText('No members match “zzzz”.')).toBeVisible();
    await find.fill('');
    expect(await cards.count()).toBeGreaterThan(10);
    await expect(page.getByTestId('attendance-marked-count')).toHaveText(/^1 of \d+ marked$/);

    // The list is far taller than the screen, yet Save is on it, wherever the list is scrolled.
    await page.getByLabel('Find a member').scrollIntoViewIfNeeded();
    const tall = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(tall).toBeGreaterThan(780 * 3);
    const save = page.getByRole('button', { name: 'Save Attendance' });
    await expect(save).toBeInViewport();
    const scrolledTo = await page.evaluate(() => window.scrollY);
    await save.click();
    await expect(page.getByTestId('toast').getByText('Attendance Saved')).toBeVisible();
    await expect(page.getByTestId('toast')).toContainText(longDate(date));
    // Saving leaves the page where it was.
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolledTo)).toBeLessThan(780);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
