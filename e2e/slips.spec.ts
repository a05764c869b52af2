import type { Browser } from '@playwright/test';
import { addDays } from '../src/domain/attendance/meeting-day';
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

/** A page of its own on `origin` at `width` px, signed in as `email` (or a visitor). */
async function pageAt(browser: Browser, origin: string, width: number, email?: string) {
  const page = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
  if (email) await signInWithDemoAccount(page, email, origin);
  return page;
}

const WORDS = 'Emily found our first home in two weeks and answered every call. Ask her first.';

test('a member records a CEU and writes a testimonial; the recipient shows it; a visitor sees it; the PALMS report counts both', async ({
  page,
  browser,
}) => {
  test.slow();
  const { origin, server } = await ownDemoServer(page, { as: DEMO_ROLES.member });
  try {
    // A Monday twenty weeks back: no demo slip is dated in its week.
    const date = addDays(tuesdayWeeksAgo(20), -1);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${origin}/dashboard?tab=referrals`);

    // Jake records a chapter of a book, dated that week.
    const units = page.getByTestId('education-units');
    await expect(units.getByText('No education units yet.')).toBeVisible();
    await units.getByRole('button', { name: 'Record an education unit' }).click();
    const unitForm = page.getByRole('dialog', { name: 'Record an education unit' });
    await expect(unitForm.getByText('Professional-licence education')).toBeVisible();
    await unitForm.getByLabel('What was it?').fill('Givers Gain, chapter 3');
    await unitForm.getByLabel('Minutes').fill('20');
    await unitForm.getByLabel('Date').fill(date);
    await expectAccessible(page, 'the education unit form at 1280 px');
    await unitForm.screenshot({ path: test.info().outputPath('record-ceu-1280.png') });
    await unitForm.getByRole('button', { name: 'Record it' }).click();
    await expect(page.getByTestId('toast').getByText('Education unit recorded')).toBeVisible();
    await expect(units.getByTestId('education-unit-row')).toContainText('Givers Gain, chapter 3');

    // ...and writes Emily a testimonial, given in that week's meeting.
    const cards = page.getByTestId('testimonials');
    await cards.getByRole('button', { name: 'Write a testimonial' }).click();
    const letter = page.getByRole('dialog', { name: 'Write a testimonial' });
    await letter.getByLabel('Search members').fill('Emily');
    await expect(
      letter.getByLabel('Who is it for?').locator('option', { hasText: 'Emily Tran' }),
    ).toHaveCount(1);
    await letter.getByLabel('Who is it for?').selectOption({
      label:
        (await letter
          .getByLabel('Who is it for?')
          .locator('option', { hasText: 'Emily Tran' })
          .textContent()) ?? '',
    });
    await letter.getByLabel('Testimonial').fill(WORDS);
    await letter.getByLabel('Date').fill(date);
    await expectAccessible(page, 'the testimonial form at 1280 px');
    await letter.getByRole('button', { name: 'Send it' }).click();
    await expect(page.getByTestId('toast').getByText('Testimonial sent')).toBeVisible();
    await cards.getByRole('tab', { name: 'Written by me' }).click();
    await expect(cards.getByTestId('testimonial-row')).toContainText('For Emily Tran');
    await expect(cards.getByTestId('testimonial-row')).toContainText('Not on the public profile');
    await units.screenshot({ path: test.info().outputPath('education-units-1280.png') });
    await cards.screenshot({ path: test.info().outputPath('testimonials-written-1280.png') });

    // A visitor sees no testimonial on Emily's profile before she chooses.
    const visitor = await pageAt(browser, origin, 360);
    await visitor.goto(`${origin}/member/emily-tran`);
    await expect(visitor.getByRole('heading', { name: 'Emily Tran' })).toBeVisible();
    await expect(visitor.getByText(WORDS)).toHaveCount(0);

    // Emily, on her phone, reads it and shows it on her profile.
    const emily = await pageAt(browser, origin, 360, DEMO_ROLES.member2);
    await emily.goto(`${origin}/dashboard?tab=referrals#panel-testimonials`);
    const hers = emily.getByTestId('testimonials').getByTestId('testimonial-row').filter({ hasText: WORDS });
    await expect(hers).toContainText('From Jake Morales');
    await hers.getByRole('button', { name: 'Show on my profile' }).click();
    await expect(emily.getByTestId('toast').getByText('Shown on your public profile')).toBeVisible();
    await expect(hers).toContainText('On the public profile');
    await expectAccessible(emily, 'testimonials at 360 px');
    await emily
      .getByTestId('testimonials')
      .screenshot({ path: test.info().outputPath('testimonials-360.png') });

    // The visitor, loading the profile again, reads it as text, with its writer.
    await visitor.goto(`${origin}/member/emily-tran`);
    const shown = visitor.getByTestId('profile-testimonials');
    await expect(shown).toContainText(WORDS);
    await expect(shown.getByRole('link', { name: 'Jake Morales' })).toBeVisible();
    await expectAccessible(visitor, 'a profile with a testimonial at 360 px');
    await visitor.screenshot({ path: test.info().outputPath('profile-testimonial-360.png'), fullPage: true });

    // The leader closes that week; its PALMS report counts Jake's CEU and his testimonial.
    const leader = await pageAt(browser, origin, 1280, DEMO_ROLES.leader);
    const jake = (await callApi(page, origin, 'GET', '/api/auth/user')).id as string;
    await leader.goto(`${origin}/dashboard?tab=attendance`);
    await openMeetingOn(leader, date);
    await callApi(leader, origin, 'POST', '/api/attendance/batch', {
      meetingDate: date,
      attendanceRecords: [{ memberId: jake, status: 'PRESENT' }],
    });
    const view = leader.getByTestId('meeting-view');
    await view.getByRole('button', { name: 'Close the week' }).click();
    await leader
      .getByRole('dialog', { name: 'Close the week' })
      .getByRole('button', { name: 'Close the week' })
      .click();
    await expect(leader.getByTestId('toast').getByText('Week closed')).toBeVisible();
    // The chapter's training at that meeting: a unit for everyone present (Jake).
    await view.getByRole('button', { name: 'Record a training' }).click();
    const training = leader.getByRole('dialog', { name: 'Record a chapter training' });
    await training.getByLabel('What was it?').fill('Ten-minute referral training');
    await expectAccessible(leader, 'the chapter training form');
    await training.getByRole('button', { name: 'Record for everyone present' }).click();
    await expect(leader.getByTestId('toast').getByText('One for the member present.')).toBeVisible();
    await view.getByRole('link', { name: 'PALMS report' }).click();
    await expect(leader.getByRole('heading', { name: 'PALMS report' })).toBeVisible();
    // Retried until the report has come (the headings are drawn with its table).
    await expect(leader.getByRole('columnheader')).toHaveText([
      'Member',
      'P',
      'A',
      'L',
      'M',
      'S',
      'RGI',
      'RGO',
      'RRI',
      'RRO',
      'V',
      '1-2-1',
      'TYFCB',
      'CEU',
      'T',
    ]);
    const jakeRow = leader
      .getByRole('row')
      .filter({ has: leader.getByRole('rowheader', { name: /^Jake Morales/ }) });
    // P 1, no referrals or visitors or one-to-ones, no closed business, CEU 2 (his book chapter and the
    // chapter's training), T 1.
    await expect(jakeRow.getByRole('cell')).toHaveText([
      '1',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '$0.00',
      '2',
      '1',
    ]);
    await expectAccessible(leader, 'the PALMS report with CEU and T');
    await leader.screenshot({ path: test.info().outputPath('palms-ceu-t-1280.png'), fullPage: true });
  } finally {
    server.child.kill();
  }
});
