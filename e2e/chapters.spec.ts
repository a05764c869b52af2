import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { asRole, continueWithGoogle, DEMO_PASSWORD, expect, newVisitorEmail, test } from './fixtures';

/**
 * Several chapters. The demo agency has two: NoCo Referral Network (Jake Morales is
 * member@demo.test) and Loveland Business Builders (Priscilla Vang is member3@demo.test, Imani Okonkwo its
 * network administrator admin2@demo.test). No other journey signs in as the Loveland accounts.
 */
const LOVELAND = 'Loveland Business Builders';
const PHONE = { width: 360, height: 740 };

/** A new browser signed in as a demo account outside the shared sessions (the second chapter's). */
async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const res = await page.request.post('/api/auth/signin', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return page;
}

test('a member of one chapter gives a referral to a member of another, who approves it: both dashboards move', async ({
  page,
  browser,
}) => {
  test.slow();
  const customer = `Across ${Date.now().toString(36)}`;
  await asRole(page, 'member');
  await page.goto('/dashboard');
  const given = page.getByTestId('metric-given');
  await expect(given).toHaveText(/\d+/);
  const givenBefore = Number(await given.textContent());

  // The picker finds the other chapter's member and says which chapter she meets with.
  await page.getByLabel('Search members').fill('Priscilla');
  await page
    .getByLabel('Member you are crediting')
    .selectOption({ label: `Priscilla Vang (Lakeside Heating & Air) · HVAC · ${LOVELAND}` });
  await page.getByLabel('Amount (optional)').fill('640.00');
  await page.getByLabel('Customer name (optional)').fill(customer);
  await page.getByRole('button', { name: 'Give Referral' }).click();
  await expect(page.getByTestId('toast').getByText('Referral Credit Sent!')).toBeVisible();
  const row = page.getByTestId('referral-row').filter({ hasText: customer });
  await expect(row.getByText('Pending')).toBeVisible();

  // Priscilla approves it from her own chapter's dashboard, on her phone.
  const priscilla = await signedIn(browser, 'member3@demo.test');
  await priscilla.setViewportSize(PHONE);
  await priscilla.goto('/dashboard');
  const received = priscilla.getByTestId('metric-received');
  await expect(received).toHaveText(/\d+/);
  const receivedBefore = Number(await received.textContent());
  const pending = priscilla.getByTestId('pending-referral').filter({ hasText: customer });
  await expect(pending).toContainText('$640.00');
  await expect(pending).toContainText('Jake Morales');
  await expectAccessible(priscilla, 'pending referral from another chapter, 360 px');
  await pending.getByRole('button', { name: 'Approve' }).click();
  await expect(priscilla.getByTestId('toast').getByText('Referral Approved')).toBeVisible();
  await expect(received).toHaveText(String(receivedBefore + 1));
  await priscilla.close();

  await page.reload();
  await expect(page.getByTestId('metric-given')).toHaveText(String(givenBefore + 1));
  await expect(row.getByText('Approved')).toBeVisible();
});

test('the agency administrator creates a chapter, moves a member into it and sees the overview change', async ({
  page,
}) => {
  test.slow();
  const name = `Windsor ${Date.now().toString(36)}`;
  await asRole(page, 'agency');
  await page.goto('/dashboard?tab=chapters');
  await expect(page.getByRole('heading', { name: 'Chapters', exact: true })).toBeVisible();

  // Create: a bad meeting time is refused with the form's message, then the chapter is made.
  await page.getByRole('button', { name: 'New chapter' }).click();
  await page.getByLabel('Chapter name').fill(name);
  await page.getByLabel('Meeting time (HH:MM)').fill('7am');
  await page.getByRole('button', { name: 'Create chapter' }).click();
  await expect(page.getByText('Enter the meeting time as HH:MM, for example 07:00')).toBeVisible();
  await page.getByLabel('Meeting day').selectOption('Thursday');
  await page.getByLabel('Meeting time (HH:MM)').fill('07:30');
  await page.getByLabel('Meeting place').fill('Windsor Community Center');
  await expect(page.getByText('Agency default: 4 meetings')).toBeVisible();
  await expectAccessible(page, 'new chapter form');
  await page.getByRole('button', { name: 'Create chapter' }).click();
  await expect(page.getByTestId('toast').getByText(`Chapter "${name}" created.`)).toBeVisible();
  const card = page.getByRole('heading', { name, exact: true });
  await expect(card).toBeVisible();
  await expect(page.getByText('0 members · Thursdays at 7:30 AM · Windsor Community Center')).toBeVisible();

  // Move Wren Abernathy (a Loveland member no journey signs in as) into it, with her history.
  const move = page.getByTestId('move-member');
  const profile = await page.request.get('/api/members/by-name/wren-abernathy');
  const from = ((await profile.json()) as { chapter: { name: string } }).chapter.name;
  await move.getByLabel('From chapter').selectOption({ label: from });
  await move.getByLabel('Member', { exact: true }).selectOption({ label: 'Wren Abernathy' });
  await move.getByLabel('To chapter').selectOption({ label: name });
  await move.getByRole('button', { name: 'Move member' }).click();
  await expect(page.getByTestId('toast').getByText(`Wren Abernathy moved to ${name}`)).toBeVisible();

  // The overview shows the new chapter with its one member; its name opens that chapter's dashboard.
  await page.getByRole('tab', { name: 'Agency Overview' }).click();
  const overview = page.getByTestId('agency-overview');
  const newRow = overview.getByTestId('overview-row').filter({ hasText: name });
  await expect(newRow.locator('td').first()).toHaveText('1');
  await expectAccessible(page, 'agency overview');
  await newRow.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/tab=users&chapter=windsor-/);
  await expect(page.getByTestId('chapter-selector')).toHaveValue(/^windsor-/);
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  await expect(page.getByTestId('member-row')).toContainText('Wren Abernathy');

  // On a phone the overview is a card per chapter.
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard?tab=agency');
  await expect(page.getByTestId('overview-card').filter({ hasText: name })).toContainText('1');
  await expectAccessible(page, 'agency overview, 360 px');
});

test('a visitor browses the chapters and applies to the second one; only its reviewers see the application', async ({
  page,
  browser,
}) => {
  test.slow();
  const lastName = `Lov${Date.now().toString(36)}`;
  await page.setViewportSize(PHONE);
  await page.goto('/chapters');
  const loveland = page.getByTestId('chapter-card').filter({ hasText: LOVELAND });
  await expect(loveland).toContainText('Tuesdays at 7:00 AM');
  await expectAccessible(page, 'chapters, 360 px');
  await loveland.getByRole('link', { name: `View ${LOVELAND}` }).click();
  await expect(page.getByRole('heading', { name: LOVELAND, level: 1 })).toBeVisible();
  await expect(page.getByTestId('member-card').first()).toBeVisible();
  await expectAccessible(page, 'a chapter page, 360 px');

  await page.setViewportSize({ width: 1280, height: 800 });
  await continueWithGoogle(page, newVisitorEmail('lov'), `Robin ${lastName}`);
  await expect(page).toHaveURL(/\/apply$/);
  await page.goto('/chapters/loveland');
  await page.getByRole('link', { name: `Apply to ${LOVELAND}` }).click();
  await expect(page.getByLabel('Chapter', { exact: true })).toHaveValue('loveland');
  await page.getByLabel('Phone').fill('(970) 555-0188');
  await page.getByLabel('Company Name').fill(`${lastName} Bikes`);
  await page.getByLabel('Job Title').fill('Owner');
  await page.getByLabel('Industry', { exact: true }).selectOption('Other');
  await page.getByLabel('Your Industry').fill(`Bicycles ${lastName}`);
  await page.getByLabel('Years of Experience').selectOption('3-5');
  await page.getByLabel('Business Description').fill('Bike repair by Lake Loveland.');
  await page.getByLabel('Networking Goals').fill('Meet Loveland owners.');
  await page.getByLabel(/I agree to the/).check();
  await expectAccessible(page, 'apply with a chapter choice');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByTestId('application-confirmation')).toBeVisible();

  // Loveland's administrator has it; the first chapter's does not.
  const imani = await signedIn(browser, 'admin2@demo.test');
  await imani.goto('/dashboard?tab=applications');
  await expect(imani.getByTestId('application-card').filter({ hasText: `Robin ${lastName}` })).toBeVisible();
  await imani.close();
  const marcus = await (await browser.newContext()).newPage();
  await asRole(marcus, 'admin');
  // The list arrives painted with the page: it is there as soon as the page is.
  const listed = await marcus.context().request.get('/api/applications');
  expect(listed.status()).toBe(200);
  expect(await listed.text()).not.toContain(lastName);
  await marcus.goto('/dashboard?tab=applications');
  await expect(marcus.getByRole('tabpanel')).toBeVisible();
  await expect(marcus.getByTestId('application-card').filter({ hasText: `Robin ${lastName}` })).toHaveCount(
    0,
  );
  await marcus.close();
});
