import type { Browser } from '@playwright/test';
import { expectAccessible } from './a11y';
import { DEMO_ROLES, expect, ownDemoServer, reopenIfClosed, signInWithDemoAccount, test } from './fixtures';

/** A signed-in page of its own on `origin`, as `email`, at `width` px. */
async function signedIn(browser: Browser, origin: string, email: string, width: number) {
  const page = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
  await signInWithDemoAccount(page, email, origin);
  return page;
}

test.describe('one-to-ones on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('a member logs one from a profile; the other member says it did not happen; the counts move back', async ({
    page,
    browser,
  }) => {
    const { origin, server } = await ownDemoServer(page, { as: DEMO_ROLES.member });
    try {
      // Jake Morales opens Emily Tran's profile and logs their coffee.
      await page.goto(`${origin}/member/emily-tran`);
      await page.getByRole('link', { name: 'Log a one-to-one with Emily Tran' }).click();
      const dialog = page.getByRole('dialog', { name: 'Log a one-to-one' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Who did you meet?').locator('option:checked')).toHaveText(
        /^Emily Tran/,
      );
      const counts = page.getByTestId('one-to-one-counts');
      await expect(counts).toContainText('This month0');
      // Who should I meet? lists Emily before they meet.
      await expect(page.getByTestId('who-should-i-meet')).toContainText('Emily Tran');
      await dialog.getByLabel('Where').fill('Old Town Coffee');
      await dialog.getByLabel('Minutes').fill('45');
      await dialog
        .getByLabel('What did you learn? (optional)')
        .fill('Her buyers need inspections before closing');
      await expectAccessible(page, 'the log form at 360 px');
      await dialog.screenshot({ path: test.info().outputPath('log-one-to-one-360.png') });
      await dialog.getByRole('button', { name: 'Log it' }).click();
      await expect(page.getByText('One-to-one logged', { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(counts).toContainText('This month1');
      await expect(counts).toContainText('Last six months1');
      const row = page.getByTestId('one-to-one-row').filter({ hasText: 'Emily Tran' });
      await expect(row).toContainText('Counted');
      await expect(row).toContainText('Old Town Coffee');
      await expect(page.getByTestId('who-should-i-meet')).not.toContainText('Emily Tran');
      await expect(page.getByTestId('who-should-i-meet')).toContainText('Never met one-to-one');
      await page
        .getByTestId('one-to-ones')
        .screenshot({ path: test.info().outputPath('one-to-ones-360.png') });
      await page
        .getByTestId('who-should-i-meet')
        .screenshot({ path: test.info().outputPath('who-to-meet-360.png') });

      // Emily sees it, counted for her too, and says it did not happen.
      const emily = await signedIn(browser, origin, DEMO_ROLES.member2, 360);
      await emily.goto(`${origin}/dashboard?tab=referrals`);
      const hers = emily.getByTestId('one-to-one-row').filter({ hasText: 'Jake Morales' });
      await expect(hers).toContainText('logged by Jake Morales');
      await expect(emily.getByTestId('one-to-one-counts')).toContainText('This month1');
      await hers.getByRole('button', { name: /It did not happen/ }).click();
      const dispute = emily.getByRole('dialog', { name: 'It did not happen?' });
      await dispute.getByLabel(/A word for Jake Morales/).fill('We had to reschedule');
      await expectAccessible(emily, 'the dispute dialog at 360 px');
      await dispute.getByRole('button', { name: 'It did not happen' }).click();
      await expect(hers).toContainText('Did not happen');
      await expect(emily.getByTestId('one-to-one-counts')).toContainText('This month0');
      await emily.getByTestId('one-to-ones').screenshot({ path: test.info().outputPath('disputed-360.png') });
      await emily.context().close();

      // Back for Jake: it counts for neither, and Emily is someone to meet again.
      await page.reload();
      await expect(counts).toContainText('This month0');
      await expect(row).toContainText('Did not happen');
      await expect(page.getByTestId('who-should-i-meet')).toContainText('Emily Tran');
    } finally {
      server.child.kill();
    }
  });
});

test('a member books a one-to-one from "Who should I meet?" at 1280 px and sees it coming up', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { origin, server } = await ownDemoServer(page, { as: DEMO_ROLES.member });
  try {
    await page.goto(`${origin}/dashboard?tab=referrals`);
    const suggestion = page.getByTestId('suggestion').filter({ hasText: 'Emily Tran' });
    await suggestion.getByRole('button', { name: 'Book one with Emily Tran' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a one-to-one' });
    await expect(dialog.getByLabel('Who will you meet?').locator('option:checked')).toHaveText(/^Emily Tran/);
    await dialog.getByLabel('Time').fill('08:15');
    await dialog.getByLabel('Where').fill('Harmony Cafe');
    await dialog.getByRole('button', { name: 'Book it' }).click();
    await expect(page.getByText('One-to-one booked', { exact: true })).toBeVisible();
    const booked = page.getByTestId('booking-upcoming').filter({ hasText: 'Emily Tran' });
    await expect(booked).toContainText('8:15 AM');
    await expect(booked.getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute(
      'href',
      /^https:\/\/calendar\.google\.com\//,
    );
    await page.getByTestId('one-to-ones').screenshot({ path: test.info().outputPath('booked-1280.png') });
    await expectAccessible(page, 'a booking coming up at 1280 px');
    // Called off: it leaves the list.
    await booked.getByRole('button', { name: 'Call off' }).click();
    await page
      .getByRole('dialog', { name: 'Call off this one-to-one?' })
      .getByRole('button', { name: 'Call it off' })
      .click();
    await expect(page.getByText('One-to-one called off', { exact: true })).toBeVisible();
    await expect(booked).toHaveCount(0);
  } finally {
    server.child.kill();
  }
});

test('a one-to-one is edited and deleted at once in an open week; in a closed week its removal waits for the other member', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { origin, server } = await ownDemoServer(page, { as: DEMO_ROLES.member });
  try {
    const logWith = async (name: string, date: string) => {
      await page.getByTestId('one-to-ones').getByRole('button', { name: 'Log a one-to-one' }).click();
      const dialog = page.getByRole('dialog', { name: 'Log a one-to-one' });
      await dialog.getByLabel('Who did you meet?').selectOption({ label: name });
      await dialog.getByLabel('Date').fill(date);
      await dialog.getByLabel('Where').fill('Wild Boar Cafe');
      await dialog.getByRole('button', { name: 'Log it' }).click();
      await expect(dialog).toBeHidden();
    };
    await page.goto(`${origin}/dashboard?tab=referrals`);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Denver' });
    const twoWeeksAgo = new Date(Date.now() - 14 * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'America/Denver',
    });

    await reopenIfClosed(page, today);

    // This week's: edited and deleted at once.
    await logWith('Marcus Bell (Bell & Poudre CPAs) · Accounting & Tax', today);
    const marcus = page.getByTestId('one-to-one-row').filter({ hasText: 'Marcus Bell' });
    await marcus.getByRole('button', { name: /^Edit the one-to-one with Marcus Bell/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the one-to-one with Marcus Bell' });
    await edit.getByLabel('Minutes').fill('30');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(marcus).toContainText('30 min');
    await marcus.getByRole('button', { name: /^Delete the one-to-one with Marcus Bell/ }).click();
    await page
      .getByRole('dialog', { name: 'Delete this one-to-one?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(marcus).toHaveCount(0);

    // Two weeks ago, a closed week: removing it asks Emily.
    await logWith('Emily Tran (Old Town Realty Group) · Residential Real Estate', twoWeeksAgo);
    const emilyRow = page.getByTestId('one-to-one-row').filter({ hasText: 'Emily Tran' });
    await emilyRow.getByRole('button', { name: /^Delete the one-to-one with Emily Tran/ }).click();
    const ask = page.getByRole('dialog', { name: 'Delete this one-to-one?' });
    await expect(ask).toContainText('Its week is closed');
    await ask.getByRole('button', { name: 'Ask to remove it' }).click();
    await expect(emilyRow.getByTestId('one-to-one-proposal')).toContainText(
      'You asked to remove it. Emily Tran has not answered yet.',
    );
    await page
      .getByTestId('one-to-ones')
      .screenshot({ path: test.info().outputPath('removal-asked-1280.png') });

    const emily = await signedIn(browser, origin, DEMO_ROLES.member2, 1280);
    await emily.goto(`${origin}/dashboard?tab=referrals`);
    const hers = emily.getByTestId('one-to-one-row').filter({ hasText: 'Jake Morales' });
    await expect(hers.getByTestId('one-to-one-proposal')).toContainText('Jake Morales asks to remove it.');
    await expectAccessible(emily, 'a removal to answer');
    await hers.getByRole('button', { name: 'Accept' }).click();
    await expect(hers).toHaveCount(0);
    await emily.context().close();
    await page.reload();
    await expect(emilyRow).toHaveCount(0);
  } finally {
    server.child.kill();
  }
});
