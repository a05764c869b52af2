import { expectAccessible } from './a11y';
import { asRole, expect, longDate, test, tuesdayWeeksAgo } from './fixtures';

test('a leader logs a meeting, finds it in the history, edits one record and deletes another; the member sees their card change', async ({
  page,
  browser,
}, testInfo) => {
  const member = await (await browser.newContext()).newPage();
  await asRole(member, 'member');
  await member.goto('/dashboard');
  const card = member.getByTestId('attendance-stats');
  await expect(card.getByTestId('attendance-rate')).toBeVisible();
  const absentBefore = Number(await card.locator('dd').nth(1).textContent());

  await asRole(page, 'leader');
  await page.goto('/dashboard?tab=attendance');
  // The latest Tuesday; a retry takes the one before, since the first attempt may have saved its meeting.
  const date = tuesdayWeeksAgo(testInfo.retry);
  const meetingDate = longDate(date);
  await page.getByLabel('Meeting date').fill(date);
  await page.getByRole('button', { name: 'Save Attendance' }).click();
  await expect(page.getByTestId('toast').getByText('No Attendance Marked')).toBeVisible();

  const jake = page.getByTestId('attendance-member').filter({ hasText: 'Jake Morales' });
  const emily = page.getByTestId('attendance-member').filter({ hasText: 'Emily Tran' });
  await jake.getByLabel('Absent').check();
  await jake.getByLabel('Notes for Jake Morales').fill('Flat tyre');
  await emily.getByLabel('Excused').check();
  await expectAccessible(page, 'attendance logging');
  await page.getByRole('button', { name: 'Save Attendance' }).click();
  await expect(page.getByTestId('toast').getByText('Attendance Saved')).toBeVisible();

  // The history lists the meeting; opening it shows both records.
  const meeting = page.getByTestId('attendance-meeting').filter({ hasText: meetingDate });
  await expect(meeting).toContainText('2 submissions');
  await expect(meeting).toContainText('0 present · 1 absent · 1 excused');
  await meeting.click();
  const detail = page.getByTestId('attendance-detail');
  await expect(detail.getByText('2 members')).toBeVisible();
  const jakeRecord = detail.getByTestId('attendance-record').filter({ hasText: 'Jake Morales' });
  await expect(jakeRecord).toContainText('Flat tyre');

  // Jake's card counts the absence.
  await member.reload();
  await expect(card.locator('dd').nth(1)).toHaveText(String(absentBefore + 1));

  // Edit Jake's record to excused: the radios start at his current status (absent).
  await jakeRecord.getByRole('button', { name: /Edit Jake Morales/ }).click();
  await expect(jakeRecord.getByLabel('Absent')).toBeChecked();
  await jakeRecord.getByLabel('Excused').check();
  await jakeRecord.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').getByText('Attendance record updated successfully')).toBeVisible();
  await expect(jakeRecord.getByText('Excused', { exact: true })).toBeVisible();
  await member.reload();
  await expect(card.locator('dd').nth(1)).toHaveText(String(absentBefore));

  // Delete Emily's record, after the spec's question.
  const emilyRecord = detail.getByTestId('attendance-record').filter({ hasText: 'Emily Tran' });
  await emilyRecord.getByRole('button', { name: /Delete Emily Tran/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Attendance Record' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete this attendance record? This action cannot be undone.',
  );
  await expectAccessible(page, 'the delete attendance record confirmation');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast').getByText('Attendance record deleted successfully')).toBeVisible();
  await expect(emilyRecord).toHaveCount(0);
  await member.close();
});

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  test('the Attendance tab fits a phone', async ({ page }) => {
    await asRole(page, 'leader');
    await page.goto('/dashboard?tab=attendance');
    await expect(page.getByTestId('attendance-member').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
