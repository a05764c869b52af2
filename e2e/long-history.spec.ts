import { expectAccessible } from './a11y';
import { expect, importCsv, openMeetingOn, ownDemoServer, test, tuesdayWeeksAgo } from './fixtures';

const IMPORTED = 250;
/** Twelve Tuesdays in 2025, older than every demo meeting: Jan 7, 14, ... Mar 25. */
const OLD_MEETINGS = Array.from({ length: 12 }, (_, week) =>
  new Date(Date.UTC(2025, 0, 7 + 7 * week)).toISOString().slice(0, 10),
);

/**
 * On a chapter with a long history (its own server: 250 more members and 12 more meetings
 * would crowd other journeys): the history comes ten meetings at a time, a meeting's records a hundred at
 * a time, the referral picker twenty members at a time (typing finds anyone), and the attendance form
 * still lists everyone to mark, read page by page.
 */
test("a long history pages: meetings, a meeting's records, the picker, and the roster to mark", async ({
  page,
}, testInfo) => {
  // Its own server, 250 members and 3,000 records imported, then every list paged: on the 2-core CI machine
  // with a second journey beside it, this took longer than test.slow()'s 3 minutes (two runs stopped at 3.1).
  test.setTimeout(6 * 60_000);
  const { origin, server } = await ownDemoServer(page);
  try {
    const emails = Array.from({ length: IMPORTED }, (_, i) => `member${i + 1}@history.test`);
    await importCsv(page, origin, 'members', [
      'Email,First Name,Last Name,Business,Role',
      ...emails.map(
        (email, i) => `${email},Paged,Person ${String(i + 1).padStart(3, '0')},Firm ${i + 1},Member`,
      ),
    ]);
    await importCsv(page, origin, 'attendance', [
      'Member Email,Meeting Date,Status',
      ...OLD_MEETINGS.flatMap((date) => emails.map((email) => `${email},${date},Present`)),
    ]);

    // The closed weeks: ten meetings, then the rest on "Load more" (the 8 demo meetings and the 12 imported).
    await page.goto(`${origin}/dashboard?tab=attendance&view=past`);
    const meetings = page.getByTestId('attendance-meeting');
    await expect(meetings).toHaveCount(10);
    await expectAccessible(page, 'the attendance history, first page');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(meetings).toHaveCount(20);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    await expect(meetings.last()).toContainText('January 7, 2025');
    await expect(meetings.last()).toContainText('250 of 250 attended');

    // A 250-member meeting: a hundred records at a time, A to Z.
    await meetings.last().click();
    const detail = page.getByTestId('attendance-detail');
    const records = detail.getByRole('listitem');
    await expect(records).toHaveCount(100);
    await expect(records.first()).toContainText('Paged Person 001');
    await detail.getByRole('button', { name: 'Load more' }).click();
    await expect(records).toHaveCount(200);
    await detail.getByRole('button', { name: 'Load more' }).click();
    await expect(records).toHaveCount(250);
    await expect(records.last()).toContainText('Paged Person 250');
    await expectAccessible(page, "a long meeting's records");
    await page.screenshot({ path: testInfo.outputPath('long-meeting-1280.png') });

    // The form to mark an open meeting still lists all 268 current members (two pages of 200 behind it).
    await page.goto(`${origin}/dashboard?tab=attendance`);
    await openMeetingOn(page, tuesdayWeeksAgo(20));
    await expect(page.getByRole('heading', { name: /^Record the meeting of / })).toBeVisible();
    await expect(page.getByText('We could not load the members to mark. Please try again.')).toHaveCount(0);
    await expect(page.getByTestId('attendance-marked-count')).toHaveText(`0 of ${IMPORTED + 18} marked`);

    // The roster, best attendance first, pages by keyset: Next, the last page, back, a reload.
    await page.goto(`${origin}/dashboard?tab=users`);
    const attendance = page.getByRole('columnheader', { name: 'Attendance' });
    await attendance.getByRole('button').click();
    await expect(attendance).toHaveAttribute('aria-sort', 'ascending');
    await attendance.getByRole('button').click();
    await expect(attendance).toHaveAttribute('aria-sort', 'descending');
    const rows = page.getByTestId('member-row');
    const names = async () =>
      (await rows.locator('td:first-child div:first-child').allTextContents()).join('|');
    const range = page.getByText(/^Showing \d+ to \d+ of \d+ members$/);
    const total = Number((await range.textContent())?.match(/of (\d+)/)?.[1]);
    expect(total).toBeGreaterThan(IMPORTED);
    const pageCount = Math.ceil(total / 15);
    await expect(rows.first()).toContainText('100%');
    const firstPage = await names();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(range).toHaveText(`Showing 16 to 30 of ${total} members`);
    await expect(page).toHaveURL(/cursor|at=/);
    expect((await names()).split('|').filter((n) => firstPage.split('|').includes(n))).toEqual([]);
    await page.getByRole('button', { name: `Page ${pageCount}` }).click();
    await expect(range).toHaveText(`Showing ${(pageCount - 1) * 15 + 1} to ${total} of ${total} members`);
    // Lowest last: members no meeting counts for yet.
    await expect(rows.last()).toContainText('No meetings');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(range).toHaveText(
      `Showing ${(pageCount - 2) * 15 + 1} to ${(pageCount - 1) * 15} of ${total} members`,
    );
    const beforeReload = await names();
    await page.reload();
    await expect(range).toHaveText(
      `Showing ${(pageCount - 2) * 15 + 1} to ${(pageCount - 1) * 15} of ${total} members`,
    );
    expect(await names()).toBe(beforeReload);
    await expectAccessible(page, 'the roster by attendance, deep in its pages');
    await page.screenshot({ path: testInfo.outputPath('roster-deep-1280.png') });

    // The picker: twenty at a time, and typing finds anyone.
    await page.goto(`${origin}/dashboard?tab=referrals`);
    const picker = page.getByLabel('Member you are crediting');
    await expect(page.getByText('Showing the first members A to Z.')).toBeVisible();
    // Twenty choices less me (Marcus is among the first twenty A to Z only if his name sorts there) plus
    // the "Select a member" line.
    expect(await picker.locator('option').count()).toBeLessThanOrEqual(21);
    await page.getByLabel('Search members').fill('person 249');
    await expect(page.getByText('1 found')).toBeVisible();
    await picker.selectOption({ label: 'Paged Person 249 (Firm 249)' });
    await page.getByLabel('Search members').fill('paged');
    await expect(page.getByText('The first 20 found. Type more to narrow them down.')).toBeVisible();
    // The chosen member stays chosen while the list shows other matches.
    await expect(picker).toHaveValue(/.+/);
    await expect(picker.locator('option:checked')).toHaveText('Paged Person 249 (Firm 249)');
    await expectAccessible(page, 'the picker with more matches than it shows');
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByLabel('Search members').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('picker-360.png') });
  } finally {
    server.child.kill();
  }
});
