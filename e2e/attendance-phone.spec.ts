import { asRole, expect, longDate, test, tuesdayWeeksAgo } from './fixtures';

/** The chapter's most recent Tuesday (Denver), worked out here independently of the app. */
function lastTuesdayInDenver(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

test.describe('attendance on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  // Logged as the agency administrator: the leader's write limit is used up by other journeys.
  test('opens on the last meeting day, says a future date is wrong beside it, finds a member and saves without scrolling', async ({
    page,
  }, testInfo) => {
    await asRole(page, 'agency');
    await page.goto('/dashboard?tab=attendance');
    const dateField = page.getByLabel('Meeting date');
    await expect(dateField).toHaveValue(lastTuesdayInDenver());
    await expect(page.getByTestId('attendance-member').first()).toBeVisible();

    // A future date is named beside the field, and Save goes back to it instead of sending.
    await dateField.fill('2099-01-06');
    const error = page.getByTestId('meeting-date-error');
    await expect(error).toHaveText('The meeting date cannot be in the future');
    await expect(dateField).toHaveAttribute('aria-invalid', 'true');
    await expect(dateField).toHaveAccessibleDescription('The meeting date cannot be in the future');
    await page.getByRole('button', { name: 'Save Attendance' }).click();
    await expect(dateField).toBeFocused();
    await expect(page.getByTestId('toast')).toHaveCount(0);

    // Its own week, so no other journey's meeting is touched.
    const date = tuesdayWeeksAgo(14 + testInfo.retry);
    await dateField.fill(date);
    await expect(error).toHaveCount(0);

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

    // The list is far taller than the screen, yet Save is on it, at the top of the list.
    await page.evaluate(() => window.scrollTo(0, 0));
    const tall = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(tall).toBeGreaterThan(780 * 3);
    const save = page.getByRole('button', { name: 'Save Attendance' });
    await expect(save).toBeInViewport();
    await save.click();
    await expect(page.getByTestId('toast').getByText('Attendance Saved')).toBeVisible();
    await expect(page.getByTestId('toast')).toContainText(longDate(date));
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(780);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
