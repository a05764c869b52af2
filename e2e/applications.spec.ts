import type { Page } from '@playwright/test';
import { asRole, continueWithGoogle, expect, newVisitorEmail, signInWithDemoAccount, test } from './fixtures';

async function fillApplication(page: Page, lastName: string) {
  await expect(page.getByLabel('First Name')).toHaveValue('Robin');
  await expect(page.getByLabel('Last Name')).toHaveValue(lastName);
  await expect(page.getByLabel('Business Email')).toBeDisabled();
  await page.getByLabel('Phone').fill('(970) 555-0142');
  await page.getByLabel('Company Name').fill(`${lastName} Pet Grooming`);
  await page.getByLabel('Job Title').fill('Owner');
  // The demo agency has two chapters, so the form asks which one.
  await page.getByLabel('Chapter', { exact: true }).selectOption({ label: 'NoCo Referral Network' });
  await page.getByLabel('Industry', { exact: true }).selectOption('Other');
  await page.getByLabel('Your Industry').fill(`Pet Grooming ${lastName}`);
  await page.getByLabel('Years of Experience').selectOption('6-10');
  await page.getByLabel('Business Description').fill('Mobile dog grooming across Fort Collins and Loveland.');
  await page.getByLabel('Networking Goals').fill('Meet vets, realtors and other pet-friendly businesses.');
  await page.getByLabel('Reference 1 (optional)').fill('Jake Morales');
  await page.getByLabel(/I agree to the/).check();
}

test('from visitor to member: apply, get approved by an admin, appear in the directory', async ({
  browser,
}) => {
  const lastName = `Quill${Date.now().toString(36)}`;
  const applicant = await (await browser.newContext()).newPage();
  await continueWithGoogle(applicant, newVisitorEmail('robin'), `Robin ${lastName}`);
  await expect(applicant).toHaveURL(/\/apply$/);
  await fillApplication(applicant, lastName);
  await applicant.getByRole('button', { name: 'Submit Application' }).click();
  await expect(applicant.getByTestId('application-confirmation')).toBeVisible();
  await expect(applicant.getByTestId('toast').getByText('Application Submitted!')).toBeVisible();

  await applicant.getByRole('link', { name: 'View Application Status' }).click();
  await expect(applicant.getByRole('heading', { name: 'Application Status' })).toBeVisible();
  await expect(applicant.getByTestId('application-status')).toHaveText('Pending');
  await expect(applicant.getByTestId('role-badge')).toHaveText('Guest');

  const admin = await (await browser.newContext()).newPage();
  // The page's own clock, so the Undo window can pass at once instead of being waited out.
  await admin.clock.install();
  await asRole(admin, 'admin');
  await admin.goto('/dashboard?tab=applications');
  const card = admin.getByTestId('application-card').filter({ hasText: `Robin ${lastName}` });
  await expect(card).toBeVisible();
  // Approval waits behind Undo: undone, the card comes back and nothing was sent.
  // By keyboard: Enter approves and focus lands on the notice's Undo; Enter there takes it back.
  await card.getByRole('button', { name: 'Approve' }).focus();
  await admin.keyboard.press('Enter');
  await expect(card).toHaveCount(0);
  await expect(admin.getByTestId('toast').getByRole('button', { name: 'Undo' })).toBeFocused();
  await admin.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: 'Approve' })).toBeFocused();
  await admin.clock.runFor(7_000);
  await applicant.reload();
  await expect(applicant.getByTestId('application-status')).toHaveText('Pending');

  const approved = admin.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith('/status'),
  );
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByTestId('toast').getByText('Application Approved')).toBeVisible();
  expect((await approved).status()).toBe(200);
  await expect(card).toHaveCount(0);

  await applicant.reload();
  await expect(applicant.getByTestId('role-badge')).toHaveText('Member');
  await expect(applicant.getByTestId('application-status')).toHaveText('Approved');
  await expect(applicant.getByText('You are now a member')).toBeVisible();
  await applicant.goto(`/members?q=${lastName}`);
  await expect(
    applicant.getByTestId('member-card').filter({ hasText: `${lastName} Pet Grooming` }),
  ).toBeVisible();
});

test('an empty submit shows the field messages', async ({ page }) => {
  await page.goto('/apply');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  for (const message of [
    'First name is required',
    'Last name is required',
    'Email is required',
    'Phone number is required',
    'Company name is required',
    'Job title is required',
    'Industry is required',
    'Years of experience is required',
    'Business description is required',
    'Networking goals are required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // Unchecking 'Same as above' asks for a business email of its own.
  await page.getByLabel('Same as above').uncheck();
  await expect(page.getByLabel('Business Email')).toBeEnabled();
  await expect(page.getByLabel('Business Email')).toHaveValue('');
});

test('a signed-out visitor is told to sign in before submitting', async ({ page }) => {
  await page.goto('/apply');
  await page.getByLabel('First Name').fill('Sam');
  await page.getByLabel('Last Name').fill('Visitor');
  await page.getByLabel('Email', { exact: true }).fill('sam.visitor@example.com');
  await page.getByLabel('Phone').fill('970-555-0100');
  await page.getByLabel('Company Name').fill('Visitor Co');
  await page.getByLabel('Job Title').fill('Owner');
  await page.getByLabel('Chapter', { exact: true }).selectOption({ label: 'NoCo Referral Network' });
  await page.getByLabel('Industry', { exact: true }).selectOption('Roofing');
  await page.getByLabel('Years of Experience').selectOption('1-2');
  await page.getByLabel('Business Description').fill('Roofs');
  await page.getByLabel('Networking Goals').fill('Grow');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByTestId('toast').getByText('Terms Required')).toBeVisible();
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByTestId('toast').getByText('Authentication Required')).toBeVisible();
});

test('a guest without an application is pointed to the form', async ({ page }) => {
  await signInWithDemoAccount(page, 'guest@demo.test');
  await expect(page).toHaveURL(/\/apply$/);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'No Application Found' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Apply for Membership' })).toHaveAttribute(
    'href',
    '/apply',
  );
});

test('leadership can recommend but not approve, and sees the seat warning', async ({ page }) => {
  await asRole(page, 'leader');
  await page.goto('/dashboard?tab=applications');
  await expect(page.getByTestId('pending-count')).toContainText('pending');
  const kyle = page.getByTestId('application-card').filter({ hasText: 'Kyle Brandt' });
  await expect(kyle.getByText('Emily Tran already holds the Residential Real Estate seat.')).toBeVisible();
  await expect(kyle.getByRole('button', { name: 'Recommend Approval' })).toBeVisible();
  await expect(kyle.getByRole('button', { name: 'Recommend Rejection' })).toBeVisible();
  await expect(kyle.getByTestId('review-decided-by')).toHaveText(
    'Leadership recommends; a network administrator approves or rejects. Set Under Review and give your recommendation in the internal note.',
  );
  await expect(kyle.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(kyle.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);

  await kyle.getByRole('link', { name: 'View Details' }).click();
  await expect(page.getByRole('heading', { name: 'Kyle Brandt' })).toBeVisible();
  await expect(page.getByText('Networking Goals & Motivation')).toBeVisible();
  // All four review statuses are listed; the two leadership may not set say who decides.
  const status = page.getByLabel('Status');
  const options = await status.locator('option').allTextContents();
  expect(options).toEqual([
    'Select a status',
    'Pending',
    'Under Review',
    'Approved (network administrators)',
    'Rejected (network administrators)',
  ]);
  await expect(status.locator('option:disabled')).toHaveText([
    'Approved (network administrators)',
    'Rejected (network administrators)',
  ]);
  await expect(status).toHaveAccessibleDescription(/a network administrator approves or rejects/);
  await page.getByRole('button', { name: 'Update Application' }).click();
  await expect(page.getByTestId('toast').getByText('Status Required')).toBeVisible();
});

test('a member sees only the summary of someone else’s application, and a bad id is not found', async ({
  page,
}) => {
  await asRole(page, 'member2');
  const list = await page.request.get('/api/applications/my');
  expect(list.status()).toBe(200);
  await page.goto('/applications/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Application Not Found' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('dashboard tabs become a dropdown', async ({ page }) => {
    await asRole(page, 'leader');
    await page.goto('/dashboard?tab=applications');
    await expect(page.getByLabel('Dashboard section', { exact: true })).toBeVisible();
    await expect(page.getByRole('tablist')).toBeHidden();
  });
});
