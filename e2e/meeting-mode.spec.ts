import type { Page } from '@playwright/test';
import { addDays } from '../src/domain/attendance/meeting-day';
import { zonedInstant } from '../src/domain/dates';
import { expectAccessible } from './a11y';
import { asRole, csrfToken, DEMO_PASSWORD, expect, openMeetingOn, test, tuesdayWeeksAgo } from './fixtures';

const MINUTE = 60_000;
const JAKE = 'Jake Morales'; // member@demo.test: checks himself in with the QR code

/** The door's counts as shown. */
async function expectCounts(page: Page, present: number, late: number) {
  await expect(page.getByTestId('door-count-present')).toHaveText(String(present));
  await expect(page.getByTestId('door-count-late')).toHaveText(String(late));
}

const memberButton = (page: Page, name: string) => page.getByTestId('door-member').filter({ hasText: name });

for (const width of [1280, 360] as const) {
  test(`meeting mode at ${width} px: ten taps at the door (two Late, one offline), a QR self check-in, the agenda timer on the room's screen`, async ({
    page,
    browser,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    // An extra meeting of its own (a Monday or a Sunday: the demo's history is on Thursdays), 07:00 Denver.
    const date = addDays(tuesdayWeeksAgo(3 + 2 * testInfo.retry), width === 1280 ? -1 : -2);
    const cutoff = zonedInstant(date, '07:05', 'America/Denver').getTime();
    await asRole(page, 'leader');
    await page.goto('/dashboard?tab=attendance');
    await openMeetingOn(page, date);
    await page.getByRole('link', { name: 'Meeting mode' }).click();
    await expect(page.getByRole('heading', { name: 'Meeting mode' })).toBeVisible();
    const meetingId = page.url().split('/meetings/')[1]!.split('/')[0]!;
    await expect(page.getByTestId('door-member').first()).toBeVisible();
    await expectCounts(page, 0, 0);
    await expectAccessible(page, 'meeting mode');

    // Every member is a large tap target.
    const box = await page.getByTestId('door-member').first().boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);

    const names = (
      await page.getByTestId('door-member').locator('span.font-semibold').allTextContents()
    ).filter((n) => n !== JAKE);
    expect(names.length).toBeGreaterThanOrEqual(11);

    // Before the cut-off (the browser's clock at 07:00 on the meeting's day): eight Present, one of them
    // tapped while offline.
    await page.clock.setFixedTime(new Date(cutoff - 5 * MINUTE));
    for (const name of names.slice(0, 7)) await memberButton(page, name).click();
    // The seven reach the server before the network goes: a tap still in flight then would wait with the eighth.
    await expect(page.getByTestId('door-waiting')).toBeHidden({ timeout: 15_000 });
    await page.context().setOffline(true);
    await memberButton(page, names[7]!).click();
    await expect(page.getByTestId('door-waiting')).toContainText('1 tap waiting to be sent');
    await expect(memberButton(page, names[7]!)).toContainText('waiting to send');
    await expectCounts(page, 8, 0);
    await page.context().setOffline(false);
    await expect(page.getByTestId('door-waiting')).toBeHidden({ timeout: 15_000 });

    // After the cut-off: two Late. An eleventh tapped and taken back changes nothing.
    await page.clock.setFixedTime(new Date(cutoff + 4 * MINUTE));
    for (const name of names.slice(8, 10)) await memberButton(page, name).click();
    await expect(memberButton(page, names[9]!)).toContainText('Late');
    await memberButton(page, names[10]!).click();
    await expect(memberButton(page, names[10]!)).toHaveAttribute('aria-pressed', 'true');
    await memberButton(page, names[10]!).click();
    await expect(memberButton(page, names[10]!)).toContainText('Tap to check in');
    await expectCounts(page, 8, 2);
    await expect(page.getByTestId('door-waiting')).toBeHidden({ timeout: 15_000 });

    // The server holds each once: eight Present and two Late, the offline tap among them.
    const door = await (await page.request.get(`/api/meetings/${meetingId}/door`)).json();
    const statusOf = (name: string) => door.members.find((m: { name: string }) => m.name === name)?.status;
    expect(names.slice(0, 8).map(statusOf)).toEqual(Array(8).fill('present'));
    expect(names.slice(8, 11).map(statusOf)).toEqual(['late', 'late', null]);

    // A search narrows the list.
    await page.getByLabel('Find a member').fill(names[0]!);
    await expect(page.getByTestId('door-member')).toHaveCount(1);
    await page.getByLabel('Find a member').fill('');

    // The room's QR code; Jake opens its link on his phone and checks himself in.
    await page.getByRole('button', { name: 'Check-in QR code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Check in with your phone' });
    await expect(dialog.getByTestId('check-in-qr')).toBeVisible();
    await expectAccessible(page, 'the check-in QR code');
    const checkInUrl = (await dialog.getByTestId('check-in-link').getAttribute('href'))!;
    const displayUrl = (await dialog.getByTestId('room-display-link').getAttribute('href'))!;
    await page.keyboard.press('Escape');

    const phone = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
    await phone.goto(new URL(checkInUrl).pathname);
    if (width === 1280) {
      // Signed out: sign in, and come back to the meeting's check-in.
      await phone.getByRole('link', { name: 'Sign in' }).click();
      await phone.getByLabel('Email').fill('member@demo.test');
      await phone.getByLabel('Password').fill(DEMO_PASSWORD);
      await phone.getByRole('button', { name: 'Sign in with demo account' }).click();
      await phone.waitForURL(/\/check-in\//);
    } else {
      await asRole(phone, 'member');
      await phone.reload();
    }
    await phone.getByRole('button', { name: 'Check me in' }).click();
    // The real time is long past 07:05 on that day: Late.
    await expect(phone.getByTestId('self-check-in-done')).toContainText('You are checked in: Late');
    await expectAccessible(phone, 'self check-in');
    await phone.context().close();
    await page.reload();
    await expect(memberButton(page, JAKE)).toContainText('Late');

    // The agenda timer: the president starts and advances it; the room's screen follows.
    const timer = page.getByTestId('agenda-timer');
    await timer.getByRole('button', { name: 'Start the agenda' }).click();
    await expect(timer.getByTestId('agenda-now')).toHaveText('Open networking');
    await timer.getByRole('button', { name: 'Next part' }).click();
    await expect(timer.getByTestId('agenda-now')).toHaveText('Welcome and announcements');
    const room = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    await room.goto(new URL(displayUrl).pathname);
    await expect(room.getByTestId('agenda-now')).toHaveText('Welcome and announcements');
    await expect(room.getByTestId('agenda-countdown')).toBeVisible();
    await expectAccessible(room, "the room's screen");
    await timer.getByRole('button', { name: 'Next part' }).click();
    await expect(room.getByTestId('agenda-now')).toHaveText('60-second presentations', { timeout: 10_000 });
    await room.context().close();

    // The week closes, so the shared demo network keeps no open meeting from this journey.
    const closed = await page.request.post(`/api/meetings/${meetingId}/close`, {
      headers: { 'x-csrf-token': await csrfToken(page) },
    });
    expect(closed.status()).toBe(200);
  });
}
