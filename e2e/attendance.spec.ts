import { expectAccessible } from './a11y';
import { asRole, expect, longDate, openMeetingOn, test, tuesdayWeeksAgo } from './fixtures';

test("a leader opens the week's meeting, records P, L, S and Excused, closes it and the rest show as Absent; a member's \"I'll be away\" shows on the meeting", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  // Jake (member@demo.test) tells the chapter ahead he will be away at his next meeting.
  const member = await (await browser.newContext()).newPage();
  await asRole(member, 'member');
  await member.goto('/dashboard');
  const next = member.locator('[data-testid="next-meeting"][data-state="scheduled"]').first();
  const nextDate = await next.getAttribute('data-date');
  if (!(await next.getByTestId('my-away').isVisible())) {
    await next.getByRole('button', { name: "I'll be away" }).click();
    const form = next.getByTestId('away-form');
    await form.getByRole('button', { name: 'Tell the chapter' }).click();
    await expect(form.getByRole('alert')).toHaveText('Say why you will be away');
    await form.getByLabel('Reason').fill('Trade show in Denver');
    await expectAccessible(member, "the I'll be away form");
    await form.getByRole('button', { name: 'Tell the chapter' }).click();
  }
  await expect(next.getByTestId('my-away')).toContainText('Excused: Trade show in Denver');
  const card = member.getByTestId('attendance-stats');
  await expect(card.getByTestId('attendance-rate')).toBeVisible();
  const lateBefore = Number(await card.locator('dd').nth(3).textContent());

  // The leader sees it on that meeting.
  await asRole(page, 'leader');
  await page.goto('/dashboard?tab=attendance');
  await page.locator(`[data-testid="attendance-meeting"][data-date="${nextDate}"]`).click();
  await expect(page.getByTestId('meeting-away')).toContainText('Jake Morales: excused, Trade show in Denver');

  // The week's meeting (a retry takes the week before, since the first attempt may have closed it).
  const date = tuesdayWeeksAgo(testInfo.retry);
  await openMeetingOn(page, date);
  await expect(page.getByRole('heading', { name: `Record the meeting of ${longDate(date)}` })).toBeVisible();
  await page.getByRole('button', { name: 'Save Attendance' }).click();
  await expect(page.getByTestId('toast').getByText('No Attendance Marked')).toBeVisible();

  const card$ = (name: string) => page.getByTestId('attendance-member').filter({ hasText: name });
  await card$('Jake Morales').getByLabel('Late').check();
  await card$('Emily Tran').getByLabel('Present').check();
  await card$('Claire Dubois').getByLabel('Substitute').check();
  await card$('Claire Dubois').getByLabel("Substitute's name").fill('Sam Stand-In');
  await card$('Nate Okafor').getByLabel('Excused').check();
  await card$('Nate Okafor').getByLabel('Notes for Nate Okafor').fill('Surgery');
  await expectAccessible(page, 'recording an open meeting');
  await page.getByRole('button', { name: 'Save Attendance' }).click();
  await expect(page.getByTestId('toast').getByText('Attendance Saved')).toBeVisible();
  const view = page.getByTestId('meeting-view');
  await expect(view.getByTestId('meeting-totals')).toHaveText(
    '1 present · 1 late · 1 substitute · 1 excused · 0 absent',
  );
  const records = page.getByTestId('attendance-detail');
  await expect(records.getByTestId('attendance-record').filter({ hasText: 'Claire Dubois' })).toContainText(
    'Substitute: Sam Stand-In',
  );

  // Closing asks first, then marks everyone else absent and locks the week.
  await view.getByRole('button', { name: 'Close the week' }).click();
  const confirm = page.getByRole('dialog', { name: 'Close the week' });
  await expect(confirm).toContainText('Everyone not yet recorded will be marked Absent');
  await expectAccessible(page, 'the close-the-week question');
  await confirm.getByRole('button', { name: 'Close the week' }).click();
  await expect(page.getByTestId('toast').getByText('Week closed')).toBeVisible();
  await expect(view.getByTestId('meeting-state')).toHaveText('Closed');
  await expect(records.getByTestId('attendance-record').filter({ hasText: 'Tom Becker' })).toContainText(
    'Absent',
  );
  await expect(records.getByTestId('attendance-record').filter({ hasText: 'Jake Morales' })).toContainText(
    'Late',
  );
  await expect(view.getByTestId('meeting-totals')).toHaveText(
    /1 present · 1 late · 1 substitute · 1 excused · \d+ absent/,
  );
  // A closed week offers leadership no edits (an administrator may reopen it).
  await expect(records.getByRole('button', { name: /Edit / })).toHaveCount(0);
  await expect(view.getByRole('button', { name: 'Reopen the week' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Closed' }).click();
  await expect(page.locator(`[data-testid="attendance-meeting"][data-date="${date}"]`)).toContainText(
    'Closed',
  );

  // Jake's card counts the late now that the week is closed.
  await member.reload();
  await expect(card.locator('dd').nth(3)).toHaveText(String(lateBefore + 1));
  await member.close();
});

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  test('the Attendance tab fits a phone', async ({ page }) => {
    await asRole(page, 'leader');
    await page.goto('/dashboard?tab=attendance');
    await expect(page.getByTestId('attendance-meeting').first()).toBeVisible();
    await expect(page.getByTestId('meeting-view')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
