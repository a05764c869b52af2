import type { Browser, Page } from '@playwright/test';
import { todayIn } from '../src/domain/dates';
import { expectAccessible } from './a11y';
import { DEMO_PASSWORD, expect, newVisitorEmail, openMeetingOn, ownDemoServer, test } from './fixtures';

/** A signed-in page of its own on `origin`, as `email` (a demo account), at `width` px. */
async function signedIn(browser: Browser, origin: string, email: string, width = 1280) {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in with demo account' }).click();
  await page.waitForURL(/\/(dashboard|apply)$/);
  return page;
}

/** The development mailbox's email to `to` whose subject starts with `subject`, once it is there. */
async function mailTo(page: Page, origin: string, to: string, subject: string): Promise<string> {
  let article = '';
  await expect
    .poll(
      async () => {
        const box = await (await page.request.get(`${origin}/dev/mailbox`)).text();
        article = box.split('<article').find((a) => a.includes(`To ${to}`) && a.includes(subject)) ?? '';
        return article.length > 0;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return article.replaceAll('&amp;', '&');
}

test('a visitor checked in by their ticket, called by the host, applies pre-filled, is approved, and the inviter gets the V', async ({
  page,
  browser,
}) => {
  test.slow();
  const { origin, server } = await ownDemoServer(page, { as: 'leader@demo.test' });
  try {
    const email = newVisitorEmail('pipeline');
    const today = todayIn();

    // Leadership makes Emily Tran a visitor host and opens today's meeting at the door.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${origin}/dashboard?tab=visitors`);
    await expect(page.getByTestId('visitor-board')).toBeVisible();
    await page.getByLabel('Add a visitor host').selectOption({ label: 'Emily Tran' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByTestId('visitor-hosts')).toContainText('Emily Tran');
    await page.goto(`${origin}/dashboard?tab=attendance`);
    await openMeetingOn(page, today);

    // The visitor registers for today's meeting, invited by Jake Morales (the public form's own call).
    const stranger = (await browser.newContext()).request;
    const visit = await (await stranger.get(`${origin}/api/visit/noco-referral-network`)).json();
    const meeting = visit.meetings.find((m: { meetingDate: string }) => m.meetingDate === today);
    const jake = visit.members.find((m: { name: string }) => m.name === 'Jake Morales');
    await page.waitForTimeout(3_100);
    const registered = await stranger.post(`${origin}/api/visit/noco-referral-network`, {
      data: {
        meetingId: meeting.id,
        firstName: 'Vera',
        lastName: 'Visitor',
        email,
        phone: '970-555-0188',
        business: 'Vera Ventures',
        industry: 'Event Planning',
        note: null,
        invitedById: jake.id,
        website: '',
        formToken: visit.formToken,
      },
    });
    expect(registered.status()).toBe(200);
    const confirmation = await mailTo(page, origin, email, 'You are registered');
    const ticket = /v1\.[0-9a-f-]{36}\.[0-9a-f-]{36}\.[A-Za-z0-9_-]+/.exec(confirmation)?.[0];
    expect(ticket).toBeTruthy();
    expect(confirmation).toContain('/qr.png');

    // At the door: Vera waits under the members; her ticket is scanned (typed here: no camera), once and twice.
    await page.getByRole('link', { name: 'Meeting mode' }).click();
    const vera = page.getByTestId('door-visitor').filter({ hasText: 'Vera Visitor' });
    await expect(vera).toContainText('Guest of Jake Morales');
    await expect(vera).toContainText('Tap to check in');
    await page.getByRole('button', { name: 'Scan a ticket' }).click();
    const scan = page.getByRole('dialog', { name: 'Scan a ticket' });
    await expectAccessible(page, 'scan a ticket');
    await scan.getByLabel('Ticket code').fill(`Your ticket: ${ticket}`);
    await scan.getByRole('button', { name: 'Check in' }).click();
    await expect(page.getByTestId('toast').getByText('Vera Visitor is checked in. Welcome!')).toBeVisible();
    await scan.getByLabel('Ticket code').fill(ticket!);
    await scan.getByRole('button', { name: 'Check in' }).click();
    await expect(page.getByTestId('toast').getByText('Vera Visitor is already checked in.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(vera).toContainText('Here');
    await expect(page.getByTestId('door-visitors-count')).toHaveText('1 of 1 here');
    await expectAccessible(page, 'meeting mode with a visitor in');

    // Emily, the host, has the call in Referral Metrics and records it.
    const emily = await signedIn(browser, origin, 'member2@demo.test', 360);
    await emily.goto(`${origin}/dashboard?tab=referrals`);
    const calls = emily.getByTestId('my-calls');
    await expect(calls).toContainText('Vera Visitor');
    await calls.getByRole('button', { name: 'Record the call' }).click();
    const record = emily.getByRole('dialog', { name: 'Record the call to Vera Visitor' });
    await record.getByLabel('Wants to apply').check();
    await record.getByLabel('Note (optional)').fill('Wants the events seat');
    await expectAccessible(emily, 'record a call');
    await record.getByRole('button', { name: 'Record the call' }).click();
    await expect(emily.getByTestId('toast').getByText('Call recorded')).toBeVisible();
    await expect(calls).toContainText('Wants to apply');
    await emily.close();

    // Vera signs up, follows her thank-you email's "Apply": the form holds what she told us.
    const thanks = await mailTo(page, origin, email, 'Thank you for visiting');
    const apply = /href="([^"]*\/apply\?visit=[^"]+)"/.exec(thanks)?.[1];
    expect(apply).toBeTruthy();
    const visitor = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
    await visitor.goto(`${origin}/login`);
    await visitor.getByRole('link', { name: 'Continue with Google' }).click();
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel('Full name').fill('Vera Visitor');
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await visitor.waitForURL(/\/(dashboard|apply)/);
    await visitor.goto(apply!);
    await expect(visitor.getByLabel('Company name')).toHaveValue('Vera Ventures');
    await expect(visitor.getByLabel('Phone')).toHaveValue('970-555-0188');
    await expect(visitor.getByLabel('First name')).toHaveValue('Vera');
    await expectAccessible(visitor, 'apply, filled from the visit');
    await visitor.getByLabel('Job title').fill('Owner');
    await visitor.getByLabel('Years of experience').selectOption({ index: 1 });
    await visitor.getByLabel('Business description').fill('Corporate and community events.');
    await visitor.getByLabel('Networking goals').fill('Meet owners who host events.');
    await visitor.getByLabel(/terms/i).check();
    await visitor.getByRole('button', { name: /Submit Application/i }).click();
    await expect(visitor.getByTestId('toast').getByText('Application Submitted!')).toBeVisible();
    await visitor.close();

    // The network administrator approves it.
    const admin = await signedIn(browser, origin, 'admin@demo.test');
    const list = await (await admin.request.get(`${origin}/api/applications`)).json();
    const application = list.open.find((a: { email: string }) => a.email === email);
    const csrf = (await (await admin.request.get(`${origin}/api/csrf-token`)).json()).csrfToken;
    const approved = await admin.request.put(`${origin}/api/applications/${application.id}/status`, {
      data: { status: 'approved' },
      headers: { 'x-csrf-token': csrf },
    });
    expect(approved.status()).toBe(200);
    await admin.close();

    // The leader sees Vera a member, with her history; closing the week gives Jake his V.
    await page.goto(`${origin}/dashboard?tab=visitors`);
    await page
      .getByTestId('visitor-board')
      .getByRole('region', { name: 'Member' })
      .getByTestId('pipeline-visitor')
      .filter({ hasText: 'Vera Visitor' })
      .click();
    const detail = page.getByRole('dialog', { name: 'Vera Visitor' });
    await expect(detail.getByTestId('visitor-stage')).toHaveText('Member');
    await expect(detail.getByTestId('visitor-history')).toContainText(
      'Followed up: Follow-up call recorded by Emily Tran',
    );
    await expect(detail.getByTestId('visitor-history')).toContainText('Member: Application approved');
    await expectAccessible(page, 'visitors tab, a member from a visit');
    await page.keyboard.press('Escape');
    await page.screenshot({ path: test.info().outputPath('visitors-tab-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByLabel('Stage').selectOption('member');
    await expect(page.getByTestId('stage-list')).toContainText('Vera Visitor');
    await page.screenshot({ path: test.info().outputPath('visitors-tab-360.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`${origin}/dashboard?tab=attendance`);
    await openMeetingOn(page, today);
    await page.getByTestId('meeting-view').getByRole('button', { name: 'Close the week' }).click();
    await page
      .getByRole('dialog', { name: 'Close the week' })
      .getByRole('button', { name: 'Close the week' })
      .click();
    await expect(page.getByTestId('toast').getByText('Week closed')).toBeVisible();
    await page.getByTestId('meeting-view').getByRole('link', { name: 'PALMS report' }).click();
    await expect(page.getByRole('heading', { name: 'PALMS report' })).toBeVisible();
    const jakeRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^Jake Morales/ }) });
    // Columns: P A L M S RGI RGO RRI RRO V ...: Jake's V is 1.
    await expect(jakeRow.getByRole('cell').nth(9)).toHaveText('1');
    await expectAccessible(page, 'PALMS report with a visitor');
  } finally {
    server.child.kill();
  }
});
