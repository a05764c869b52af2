import { expectAccessible } from './a11y';
import { asRole, expect, newVisitorEmail, test } from './fixtures';

test('a visitor registers on a phone, the invitation is in the mailbox, and leadership hears of it', async ({
  page,
  browser,
}) => {
  const email = newVisitorEmail('visit');
  const last = `Caller${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 360, height: 740 });
  // The job clock makes the weeks ahead a few seconds after the server starts.
  await expect
    .poll(
      async () =>
        (await (await page.request.get('/api/visit/noco-referral-network')).json()).meetings?.length,
    )
    .toBe(4);

  // From the home page to the chapter's visit page: two chapters, so /visit asks which one.
  await page.goto('/');
  await page.getByRole('link', { name: 'Visit a meeting' }).click();
  await expect(page.getByRole('heading', { name: 'Visit a meeting' })).toBeVisible();
  await expectAccessible(page, 'visit: choose a chapter');
  await page.getByRole('link', { name: 'NoCo Referral Network', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Visit NoCo Referral Network' })).toBeVisible();
  await expect(page.getByTestId('visit-meetings').getByRole('listitem')).toHaveCount(4);
  await expectAccessible(page, 'visit page');

  // The first upcoming meeting is chosen; a bad address is refused on its field before anything is sent.
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Email').fill('robin-at-example');
  await page.getByRole('button', { name: 'Register to visit' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Business (optional)').fill('Robin Roofing');
  // An open seat's name: the form says the visitor could fill it.
  await page.getByLabel('Industry (optional)').fill('Auto Repair');
  await expect(page.getByTestId('open-seat-note')).toHaveText(
    'The Auto Repair seat is open: you could fill it.',
  );
  await page.getByLabel('Who invited you? (optional)').selectOption({ label: 'Jake Morales' });
  // A person takes more than a few seconds to fill the form in; a bot that does not is dropped.
  await page.waitForTimeout(3_000);
  await page.getByRole('button', { name: 'Register to visit' }).click();
  await expect(page.getByRole('heading', { name: 'See you there!' })).toBeVisible();
  await expect(page.getByText('A confirmation with a calendar invitation is on its way')).toBeVisible();
  await expectAccessible(page, 'registered');

  // The confirmation, with its invitation, waits in the development mailbox.
  await expect
    .poll(async () => (await page.request.get('/dev/mailbox')).text(), { timeout: 20_000 })
    .toContain(`To ${email}`);
  const mailbox = await (await page.request.get('/dev/mailbox')).text();
  const article = mailbox.split('<article').find((a) => a.includes(`To ${email}`)) ?? '';
  expect(article).toContain('You are registered: NoCo Referral Network');
  expect(article).toContain('Add to Google Calendar: ');
  const icsLink = /href="(\/dev\/mailbox\/[0-9a-f-]{36}\/invite\.ics)"/.exec(article)?.[1];
  expect(icsLink).toBeTruthy();
  const ics = await (await page.request.get(icsLink!)).text();
  expect(ics).toContain('METHOD:REQUEST');
  expect(ics).toContain('DTSTART;TZID=America/Denver:');
  expect(ics.replace(/\r\n /g, '')).toContain(`mailto:${email}`);

  // The chapter's leader sees the registration on the bell, and the visitor in the Visitors tab.
  const leader = await (await browser.newContext()).newPage();
  await asRole(leader, 'leader');
  await leader.goto('/members');
  await leader.getByTestId('notification-bell').click();
  const told = leader.getByTestId('notification').filter({ hasText: `Visitor: Robin ${last}` });
  await expect(told).toContainText('Robin Roofing');
  await told.click();
  await expect(leader).toHaveURL(/\/dashboard\?tab=visitors$/);
  // On the pipeline board, under Registered; opened, the visitor shows who invited them and their history.
  const card = leader
    .getByTestId('visitor-board')
    .getByRole('region', { name: 'Registered' })
    .getByTestId('pipeline-visitor')
    .filter({ hasText: `Robin ${last}` });
  await card.click();
  const detail = leader.getByRole('dialog', { name: `Robin ${last}` });
  await expect(detail.getByTestId('visitor-stage')).toHaveText('Registered');
  await expect(detail).toContainText('Invited by Jake Morales');
  await expect(detail.getByTestId('visitor-history')).toContainText('Registered: Registered for a meeting');
  await expectAccessible(leader, 'a visitor opened');
  await leader.keyboard.press('Escape');
  await expectAccessible(leader, 'visitors tab');
  // Leadership makes a member a visitor host, and takes it back.
  await leader.getByLabel('Add a visitor host').selectOption({ label: 'Hannah Scholz' });
  await leader.getByRole('button', { name: 'Add', exact: true }).click();
  const hosts = leader.getByTestId('visitor-hosts');
  await expect(hosts).toContainText('Hannah Scholz');
  await hosts.getByRole('button', { name: 'Remove Hannah Scholz' }).click();
  await expect(leader.getByText('No visitor hosts yet.')).toBeVisible();
  await leader.close();
});

test('a member invites a visitor from Referral Metrics and sees them among their visitors', async ({
  page,
}) => {
  const email = newVisitorEmail('invitee');
  const last = `Guest${Date.now().toString(36)}`;
  await asRole(page, 'member');
  await expect
    .poll(async () => (await (await page.request.get('/api/visitors/meetings')).json()).meetings?.length)
    .toBe(4);
  await page.goto('/dashboard?tab=referrals');
  await page.getByRole('button', { name: 'Invite a visitor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a visitor' });
  await dialog.getByLabel('First name').fill('Sky');
  await dialog.getByLabel('Last name').fill(last);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Business (optional)').fill('Sky Bakery');
  await expect(dialog.getByLabel('Meeting').locator('option')).toHaveCount(5);
  await dialog.getByLabel('Meeting').selectOption({ index: 1 });
  await expectAccessible(page, 'invite dialog');
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByTestId('toast').getByText('Visitor invited')).toBeVisible();
  await expect(dialog).toBeHidden();
  const mine = page
    .getByTestId('visitor-list')
    .getByRole('listitem')
    .filter({ hasText: `Sky ${last}` });
  await expect(mine).toContainText('Registered');
  await expect(mine).toContainText('Sky Bakery');
});
