import type { Page } from '@playwright/test';
import { addDays } from '../src/domain/attendance/meeting-day';
import { startSmtpSink } from '../src/server/test/smtp-sink';
import { expectAccessible } from './a11y';
import {
  callApi,
  DEMO_ROLES,
  expect,
  openMeetingOn,
  ownDemoServer,
  signInWithDemoAccount,
  test,
  tuesdayWeeksAgo,
} from './fixtures';

/** The chapter's readers of the report: its leadership and administrators, and the agency's. */
const READERS = [DEMO_ROLES.agency, DEMO_ROLES.admin, DEMO_ROLES.leader].sort();

const memberId = async (page: Page, origin: string, name: string) =>
  (await callApi(page, origin, 'GET', `/api/members/active?q=${encodeURIComponent(name)}`)).items[0]
    .id as string;

/** Closes the meeting shown in the Attendance tab, confirmed. */
async function closeWeek(page: Page) {
  await page.getByTestId('meeting-view').getByRole('button', { name: 'Close the week' }).click();
  await page
    .getByRole('dialog', { name: 'Close the week' })
    .getByRole('button', { name: 'Close the week' })
    .click();
  await expect(page.getByTestId('toast').getByText('Week closed')).toBeVisible();
}

/** The report table's cells for one row (by its header cell's text), figures only, once the table has come. */
async function rowFigures(page: Page, name: string | RegExp) {
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row.getByRole('cell').first()).toBeVisible();
  return (await row.getByRole('cell').allTextContents()).map((t) => t.trim());
}

test('a leader closes a week and opens its PALMS report; every reader is emailed once over SMTP, then a corrected copy after a reopen', async ({
  page,
  browser,
}) => {
  test.slow();
  const sink = await startSmtpSink();
  const { origin, server } = await ownDemoServer(page, {
    env: { SMTP_URL: sink.url, MAIL_FROM: 'NoCo <noreply@noco.test>' },
    as: DEMO_ROLES.leader,
  });
  const jakePage = await (await browser.newContext()).newPage();
  const adminPage = await (await browser.newContext()).newPage();
  try {
    await signInWithDemoAccount(jakePage, DEMO_ROLES.member, origin);
    await signInWithDemoAccount(adminPage, DEMO_ROLES.admin, origin);
    // A Monday twenty weeks back: no demo referral is dated in its week (they span the last eight weeks).
    const date = addDays(tuesdayWeeksAgo(20), -1);
    const jake = await memberId(page, origin, 'Jake Morales');
    const emily = await memberId(page, origin, 'Emily Tran');
    const me = (await callApi(page, origin, 'GET', '/api/auth/user')).id as string;
    const admin = (await callApi(adminPage, origin, 'GET', '/api/auth/user')).id as string;

    // The week's referrals, counted by hand: Jake referred the leader business of $1,234.00 (Jake approves
    // it), the leader passed Emily a referral still pending, and one dated the day after the meeting.
    const received = await callApi(page, origin, 'POST', '/api/referrals/transactions', {
      referrerId: jake,
      amount: '1234.00',
      saleDate: addDays(date, -2),
      customerName: 'Hand Counted LLC',
    });
    await callApi(jakePage, origin, 'PATCH', `/api/referrals/${received.id}/status`, { status: 'approved' });
    await callApi(page, origin, 'POST', '/api/referrals/give', {
      toMemberId: emily,
      amount: '500.00',
      saleDate: addDays(date, -6),
      customerName: 'Pending Partners',
    });
    await callApi(page, origin, 'POST', '/api/referrals/give', {
      toMemberId: emily,
      amount: '99.00',
      saleDate: addDays(date, 1),
      customerName: 'Next Week Co',
    });

    // The meeting: Jake present, Emily late, the leader a substitute, the administrator excused; the rest
    // who had joined by then are marked absent by the close.
    await page.goto(`${origin}/dashboard?tab=attendance`);
    await openMeetingOn(page, date);
    await callApi(page, origin, 'POST', '/api/attendance/batch', {
      meetingDate: date,
      attendanceRecords: [
        { memberId: jake, status: 'PRESENT' },
        { memberId: emily, status: 'LATE' },
        { memberId: me, status: 'SUBSTITUTE', substituteName: 'Sam Stand-In' },
        { memberId: admin, status: 'EXCUSED', notes: 'Surgery' },
      ],
    });
    const view = page.getByTestId('meeting-view');
    await closeWeek(page);
    await view.getByRole('link', { name: 'PALMS report' }).click();

    await expect(page.getByRole('heading', { name: 'PALMS report' })).toBeVisible();
    // Columns: P A L M S RGI RGO RRI RRO V 1-2-1 TYFCB CEU T (every referral here is inside the chapter).
    expect(await rowFigures(page, /^Jake Morales/)).toEqual([
      '1',
      '0',
      '0',
      '0',
      '0',
      '1',
      '0',
      '0',
      '0',
      '0',
      '0',
      '$0.00',
      '0',
      '0',
    ]);
    expect(await rowFigures(page, /^Emily Tran/)).toEqual([
      '0',
      '0',
      '1',
      '0',
      '0',
      '0',
      '0',
      '1',
      '0',
      '0',
      '0',
      '$0.00',
      '0',
      '0',
    ]);
    const leaderName = (await callApi(page, origin, 'GET', '/api/auth/user')).firstName as string;
    expect(await rowFigures(page, new RegExp(`^${leaderName}`))).toEqual([
      '0',
      '0',
      '0',
      '0',
      '1',
      '1',
      '0',
      '1',
      '0',
      '0',
      '0',
      '$1,234.00',
      '0',
      '0',
    ]);
    const totals = page.getByTestId('week-report-totals').getByRole('cell');
    const memberRows = (await page.getByRole('row').count()) - 2;
    expect((await totals.allTextContents()).map((t) => t.trim())).toEqual([
      '1',
      String(memberRows - 4),
      '1',
      '1',
      '1',
      '2',
      '0',
      '2',
      '0',
      '0',
      '0',
      '$1,234.00',
      '0',
      '0',
    ]);
    await expectAccessible(page, 'PALMS report');
    await page.screenshot({ path: test.info().outputPath('week-report-1280.png'), fullPage: true });
    // The print view: the table alone, without the site's header, footer and the page's buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByTestId('toast')).toBeHidden();
    await expect(page.getByTestId('week-report-totals')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('week-report-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // The CSV says the same.
    const csv = await (
      await page.request.get(`${origin}/api/meetings/${page.url().split('/')[4]}/report.csv`)
    ).text();
    expect(csv.replace(/^\uFEFF/, '').split('\n')[0]).toBe(
      'First Name,Last Name,P,A,L,M,S,RGI,RGO,RRI,RRO,V,1-2-1,TYFCB,CEU,T',
    );
    expect(csv).toContain('Jake,Morales,');
    expect(csv.trim().split('\n').at(-1)).toBe(
      `Chapter totals,,1,${memberRows - 4},1,1,1,2,0,2,0,0,0,1234.00,0,0`,
    );

    // Every reader got one email over SMTP (the worker polls every few seconds), nobody else.
    const reports = (subject: RegExp) => sink.received.filter((m) => subject.test(m.subject ?? ''));
    const to = (subject: RegExp) =>
      reports(subject)
        .map((m) => (m.to && !Array.isArray(m.to) ? m.to.value[0]!.address : ''))
        .sort();
    await expect.poll(() => reports(/^PALMS report/).length, { timeout: 30_000 }).toBe(3);
    expect(to(/^PALMS report/)).toEqual(READERS);
    expect(reports(/^PALMS report/)[0]!.text).toContain(
      'Referrals given: 2 (2 inside the chapter, 0 outside); received: 2; closed business: $1,234.00.',
    );

    // The administrator reopens the week (she was there after all), the leader records her present and
    // closes it again.
    await adminPage.goto(`${origin}${new URL(page.url()).pathname}`);
    await adminPage.getByRole('link', { name: 'Back to the meeting' }).click();
    const adminView = adminPage.getByTestId('meeting-view');
    await adminView.getByRole('button', { name: 'Reopen the week' }).click();
    const reopen = adminPage.getByRole('dialog', { name: 'Reopen the week' });
    await reopen.getByLabel('Reason').fill('The sign-in sheet had one more name');
    await reopen.getByRole('button', { name: 'Reopen week' }).click();
    await expect(adminPage.getByTestId('toast').getByText('Week reopened')).toBeVisible();
    await callApi(page, origin, 'POST', '/api/attendance/batch', {
      meetingDate: date,
      attendanceRecords: [{ memberId: admin, status: 'PRESENT' }],
    });
    await page.goto(`${origin}/dashboard?tab=attendance`);
    await openMeetingOn(page, date);
    // A reopened week is for corrections: the door makes no check-in code for it, and says why.
    await page.getByRole('link', { name: 'Meeting mode' }).click();
    await page.getByRole('button', { name: 'Check-in QR code' }).click();
    const codes = page.getByRole('dialog', { name: 'Check in with your phone' });
    await expect(codes.getByRole('alert')).toHaveText(
      'Check-in by code ended when this week was closed. Ask your chapter leadership to correct your attendance.',
    );
    await expectAccessible(page, 'check-in code of a reopened week');
    await page.screenshot({ path: test.info().outputPath('reopened-week-codes.png') });
    await page.keyboard.press('Escape');
    await page.goto(`${origin}/dashboard?tab=attendance`);
    await openMeetingOn(page, date);
    await closeWeek(page);

    await expect.poll(() => reports(/^Corrected PALMS report/).length, { timeout: 30_000 }).toBe(3);
    expect(to(/^Corrected PALMS report/)).toEqual(READERS);
    // Still one first copy each: the reopen sent nothing again.
    expect(reports(/^PALMS report/)).toHaveLength(3);
    await view.getByRole('link', { name: 'PALMS report' }).click();
    await expect(page.getByText('Corrected after a reopen')).toBeVisible();
    await expect(page.getByTestId('week-report-totals').getByRole('cell').first()).toHaveText('2');

    // On a phone: the table scrolls sideways inside its region; the member's own week on the dashboard.
    await page.setViewportSize({ width: 360, height: 780 });
    await expectAccessible(page, 'PALMS report on a phone');
    await page.screenshot({ path: test.info().outputPath('week-report-360.png'), fullPage: true });
    await jakePage.setViewportSize({ width: 360, height: 780 });
    await jakePage.goto(`${origin}/dashboard?tab=referrals`);
    const week = jakePage.getByTestId('my-week');
    await expect(week.getByRole('heading', { name: 'This week' })).toBeVisible();
    await expect(week.getByTestId('my-week-status')).toBeVisible();
    await expect(week.getByTestId('my-week-chapter')).toContainText('The chapter this week:');
    await expectAccessible(jakePage, 'my week');
    await jakePage.screenshot({ path: test.info().outputPath('my-week-360.png'), fullPage: true });
    // A member cannot open the report.
    await jakePage.goto(page.url());
    await expect(jakePage.getByRole('alert')).toBeVisible();
  } finally {
    server.child.kill();
    await sink.close();
  }
});
