import { expectAccessible } from './a11y';
import {
  asRole,
  continueWithGoogle,
  expect,
  newVisitorEmail,
  submitApplicationViaApi,
  test,
} from './fixtures';

/** Notes are kept per reviewer and audience, a rejection is confirmed, decided is final. */
test('leadership recommends with an internal note; the admin sees the seat, confirms a rejection, and it is final', async ({
  browser,
}) => {
  // Three people's pages in turn: on the 2-core CI machine it runs close to the default minute.
  test.slow();
  const lastName = `Notes${Date.now().toString(36)}`;
  const applicant = await (await browser.newContext()).newPage();
  await continueWithGoogle(applicant, newVisitorEmail('notes'), `Nia ${lastName}`);
  await expect(applicant).toHaveURL(/\/apply$/);
  const { id } = await submitApplicationViaApi(applicant, { firstName: 'Nia', lastName, industry: 'Dental' });

  const leader = await (await browser.newContext()).newPage();
  await asRole(leader, 'leader');
  await leader.goto('/dashboard?tab=applications');
  const card = leader.getByTestId('application-card').filter({ hasText: `Nia ${lastName}` });
  await expect(card.getByText('already holds the Dental seat')).toBeVisible();
  await expect(card.getByText('office@applicant.example')).toBeVisible(); // the business email
  await card.getByRole('button', { name: 'Recommend Approval' }).click();
  await expect(leader.getByTestId('toast').getByText('Application Updated')).toBeVisible();
  await expect(card.getByText('Recommended for approval')).toBeVisible();
  await expect(card.getByText('Internal (reviewers only)')).toBeVisible();
  await expectAccessible(leader, 'reviewer card with notes');

  // The applicant reads 'Under Review' and never the reviewers' internal note.
  await applicant.goto(`/applications/${id}`);
  await expect(applicant.getByTestId('application-status')).toHaveText('Under Review');
  await expect(applicant.getByText('Recommended for approval')).toHaveCount(0);
  await expect(applicant.getByRole('heading', { name: 'Review Application' })).toHaveCount(0);

  const admin = await (await browser.newContext()).newPage();
  await asRole(admin, 'admin');
  await admin.goto(`/applications/${id}`);
  // The seat warning shows before anyone approves.
  await expect(admin.getByText('already holds the Dental seat')).toBeVisible();
  await expect(admin.getByText('Recommended for approval')).toBeVisible();
  await admin.getByLabel('Status').selectOption('rejected');
  await admin.getByLabel('Note to the applicant (optional)').fill('We have a dentist already.');
  await admin.getByRole('button', { name: 'Update Application' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Reject this application?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(admin, 'reject confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(admin.getByTestId('application-status')).toHaveText('Under Review');

  await admin.getByRole('button', { name: 'Update Application' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Reject Application' }).click();
  await expect(admin.getByTestId('toast').getByText('Application Updated')).toBeVisible();
  await expect(admin.getByTestId('application-status')).toHaveText('Rejected');
  await expect(admin.getByTestId('decision')).toContainText('Rejected by Marcus Bell');
  await expect(admin.getByRole('heading', { name: 'Review Application' })).toHaveCount(0);
  // Both notes are kept, with who wrote them.
  await expect(admin.getByText('Recommended for approval')).toBeVisible();
  await expect(admin.getByText('We have a dentist already.')).toBeVisible();
  await expectAccessible(admin, 'decided application');

  await applicant.reload();
  await expect(applicant.getByText('We have a dentist already.')).toBeVisible();
  await expect(applicant.getByText('Recommended for approval')).toHaveCount(0);
});

test('the dashboard Reject asks first, and Cancel changes nothing', async ({ browser }) => {
  const lastName = `Keep${Date.now().toString(36)}`;
  const applicant = await (await browser.newContext()).newPage();
  await continueWithGoogle(applicant, newVisitorEmail('keep'), `Kai ${lastName}`);
  await submitApplicationViaApi(applicant, { firstName: 'Kai', lastName, industry: `Kites ${lastName}` });

  const admin = await (await browser.newContext()).newPage();
  await asRole(admin, 'admin');
  await admin.goto('/dashboard?tab=applications');
  const card = admin.getByTestId('application-card').filter({ hasText: `Kai ${lastName}` });
  await card.getByRole('button', { name: 'Reject' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText('A rejection is final');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByTestId('application-status')).toHaveText('Pending');
  // 'N pending' counts pending applications only. Other journeys submit and decide applications at the
  // same time, so the count is compared with the API's list read just before a fresh load of the page.
  await expect(async () => {
    const open = await admin.request.get('/api/applications').then((r) => r.json());
    const pending = open.open.filter((a: { status: string }) => a.status === 'pending').length;
    await admin.reload();
    await expect(admin.getByTestId('pending-count')).toHaveText(`${pending} pending`, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
});
