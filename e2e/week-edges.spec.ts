import type { Page } from '@playwright/test';
import { addDays } from '../src/domain/attendance/meeting-day';
import { expectAccessible } from './a11y';
import { addMeeting, asRole, expect, longDate, openMeetingOn, test, tuesdayWeeksAgo } from './fixtures';

/** Marks one member Present on the meeting on screen and saves, as leadership records a week. */
async function markPresentAndSave(page: Page, name: string): Promise<void> {
  await page.getByTestId('attendance-member').filter({ hasText: name }).getByLabel('Present').check();
  await page.getByRole('button', { name: 'Save Attendance' }).click();
}

test.describe('the week on a phone (360 px)', () => {
  // A device far from the chapter: every time shown is still the chapter's.
  test.use({ viewport: { width: 360, height: 780 }, timezoneId: 'Asia/Tokyo' });

  test('a missed week shows first as Not recorded; recording it and closing it keep focus on what each step made', async ({
    page,
  }, testInfo) => {
    // Its own past week (a Wednesday: the demo's meetings are on Thursdays, other journeys take Tuesdays).
    const date = addDays(tuesdayWeeksAgo(5 + testInfo.retry), 1);
    await asRole(page, 'agency');
    await page.goto('/dashboard?tab=attendance');
    await addMeeting(page, date);

    const line = page.locator(`[data-testid="attendance-meeting"][data-date="${date}"]`);
    await expect(line).toContainText('Not recorded');
    // Every week left unrecorded comes before the weeks still to come.
    const badges = await page
      .getByTestId('attendance-meeting')
      .locator('span.rounded-full')
      .allTextContents();
    const lastMissed = badges.lastIndexOf('Not recorded');
    const firstAhead = badges.findIndex((b) => b !== 'Not recorded');
    expect(firstAhead === -1 || lastMissed < firstAhead).toBe(true);

    const view = page.getByTestId('meeting-view');
    await expect(view.getByTestId('meeting-state')).toHaveText('Not recorded');
    await expectAccessible(page, 'a week not recorded');
    await view.getByRole('button', { name: 'Record this week' }).click();
    await expect(view.getByTestId('meeting-state')).toHaveText('Open');
    // Focus lands on the recording form the action opened, not on the page's body.
    await expect(
      page.getByRole('heading', { name: `Record the meeting of ${longDate(date)}` }),
    ).toBeFocused();
    // The open week counts against who is expected, as meeting mode does.
    await expect(line).toContainText(/0 of \d+ expected here/);
    const expected = Number((await line.textContent())?.match(/0 of (\d+) expected here/)?.[1]);
    expect(expected).toBeGreaterThan(10);
    await markPresentAndSave(page, 'Emily Tran');
    await expect(line).toContainText(`1 of ${expected} expected here`);

    await view.getByRole('button', { name: 'Close the week' }).scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    await view.getByRole('button', { name: 'Close the week' }).click();
    await page
      .getByRole('dialog', { name: 'Close the week' })
      .getByRole('button', { name: 'Close the week' })
      .click();
    await expect(view.getByTestId('meeting-state')).toHaveText('Closed');
    // The same meeting stays on screen, focus on the report it produced, and the page did not jump to the top.
    await expect(view.getByRole('heading', { name: new RegExp(`^${longDate(date)}, `) })).toBeVisible();
    await expect(view.getByRole('link', { name: 'PALMS report' })).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled / 2);
    await expectAccessible(page, 'a week recorded after the fact and closed');

    // Its PALMS report on the phone: a card per member with every figure on screen, nothing off to the side.
    await view.getByRole('link', { name: 'PALMS report' }).click();
    const cards = page.getByTestId('week-report-cards');
    await expect(cards).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    const emily = cards.getByRole('listitem').filter({ hasText: 'Emily Tran' });
    for (const figure of ['P', 'RGI', 'RRO', 'TYFCB', 'T']) {
      const term = emily.locator('dt', { has: page.locator(`abbr:text-is("${figure}")`) });
      const box = (await term.boundingBox())!;
      expect(box.x + box.width, `${figure} is on screen`).toBeLessThanOrEqual(360);
    }
    await expect(emily.locator('div', { has: page.locator('abbr:text-is("P")') }).locator('dd')).toHaveText(
      '1',
    );
    await expect(page.getByTestId('week-report-card-totals')).toContainText('Chapter totals');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, 'the PALMS report on a phone');
    await page.screenshot({ path: testInfo.outputPath('palms-360.png'), fullPage: true });
  });

  test('the agenda is reachable before the door list, and Start and Stop hand focus to what replaces them', async ({
    page,
  }, testInfo) => {
    const date = addDays(tuesdayWeeksAgo(5 + testInfo.retry), 3);
    await asRole(page, 'agency');
    await page.goto('/dashboard?tab=attendance');
    await openMeetingOn(page, date);
    await page.getByRole('link', { name: 'Meeting mode' }).click();
    await expect(page.getByTestId('door-member').first()).toBeVisible();
    // Before the first member: a phone does not scroll past fifty names to run the agenda.
    const agenda = page.getByTestId('agenda-timer');
    const agendaTop = (await agenda.boundingBox())!.y;
    const firstMember = (await page.getByTestId('door-member').first().boundingBox())!.y;
    expect(agendaTop).toBeLessThan(firstMember);
    await expect(agenda).toBeInViewport();

    await agenda.getByRole('button', { name: 'Start the agenda' }).click();
    await expect(agenda.getByRole('button', { name: 'Next part' })).toBeFocused();
    await agenda.getByRole('button', { name: 'Stop' }).click();
    await expect(agenda.getByRole('button', { name: 'Start the agenda' })).toBeFocused();
    await expectAccessible(page, 'meeting mode with the agenda first');

    // The QR code's "valid until" is the chapter's clock (Denver), not the device's (this one is in Tokyo).
    const codes = page.waitForResponse((r) => /\/api\/meetings\/[^/]+\/codes$/.test(r.url()));
    await page.getByRole('button', { name: 'Check-in QR code' }).click();
    const { checkInExpiresAt } = (await (await codes).json()) as { checkInExpiresAt: string };
    const denver = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
      timeZone: 'America/Denver',
    }).format(new Date(checkInExpiresAt));
    await expect(page.getByRole('dialog').getByText(`Valid until ${denver}.`)).toBeVisible();
  });

  test('a social that does not count closes with nobody marked absent', async ({ page }, testInfo) => {
    // Its own Saturday in the past.
    const date = addDays(tuesdayWeeksAgo(5 + testInfo.retry), 4);
    await asRole(page, 'agency');
    await page.goto('/dashboard?tab=attendance');
    await addMeeting(page, date, {
      counts: false,
      whileOpen: () => expectAccessible(page, 'adding a meeting that does not count'),
    });
    const view = page.getByTestId('meeting-view');
    await expect(view).toContainText('Extra meeting · Does not count');
    await view.getByRole('button', { name: 'Record this week' }).click();
    await markPresentAndSave(page, 'Emily Tran');
    await expect(view.getByTestId('meeting-totals')).toHaveText(
      '1 present · 0 late · 0 substitute · 0 excused · 0 absent',
    );
    await view.getByRole('button', { name: 'Close the week' }).click();
    const confirm = page.getByRole('dialog', { name: 'Close the week' });
    await expect(confirm).toContainText('nobody is marked Absent and no total changes');
    await confirm.getByRole('button', { name: 'Close the week' }).click();
    await expect(view.getByTestId('meeting-state')).toHaveText('Closed');
    await expect(view.getByTestId('meeting-totals')).toHaveText(
      '1 present · 0 late · 0 substitute · 0 excused · 0 absent',
    );
  });
});
