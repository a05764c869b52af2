import type { Page } from '@playwright/test';
import { todayIn } from '../src/domain/dates';
import { MESSAGES } from '../src/domain/messages';
import { expectAccessible } from './a11y';
import {
  callApi,
  DEMO_ROLES,
  expect,
  openMeetingOn,
  ownDemoServer,
  signInWithDemoAccount,
  test,
} from './fixtures';

type Report = { rows: Array<Record<string, number | string> & { memberName: string }> };

/** One slip typed from its kind on: the kind by its first letters, then each cell in turn, Enter ending it. */
async function typeSlip(page: Page, slip: { kind?: string; cells: string[] }) {
  if (slip.kind) await page.keyboard.type(slip.kind);
  for (const cell of slip.cells) {
    await page.keyboard.press('Tab');
    if (cell) await page.keyboard.type(cell);
  }
  await page.keyboard.press('Enter');
}

const figures = (report: Report, name: string) => report.rows.find((r) => r.memberName === name)!;

test('the VP keys in ten paper slips of four kinds by keyboard, saves them once, and the week just closed counts them', async ({
  page,
  browser,
}) => {
  test.slow();
  const { origin, server } = await ownDemoServer(page, { as: DEMO_ROLES.leader });
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    const date = todayIn();
    await page.goto(`${origin}/dashboard?tab=attendance`);
    await openMeetingOn(page, date);
    const view = page.getByTestId('meeting-view');
    const meetingId = new URL(page.url()).searchParams.get('meeting')!;
    const desk = await callApi(page, origin, 'GET', `/api/meetings/${meetingId}/slips`);
    const names = ['Jake Morales', 'Emily Tran'];
    const others = (desk.members as Array<{ id: string; name: string }>).filter(
      (m) => !names.includes(m.name) && !m.name.includes(' ('),
    );
    const [third, fourth] = [others[0]!.name, others[1]!.name];
    const present = (desk.members as Array<{ id: string; name: string }>).filter((m) =>
      [...names, third, fourth].includes(m.name),
    );
    await callApi(page, origin, 'POST', '/api/attendance/batch', {
      meetingDate: date,
      attendanceRecords: present.map((m) => ({ memberId: m.id, status: 'PRESENT' })),
    });
    // The week closes first: the desk takes the week just closed, as a VP keys the paper in after the meeting.
    await view.getByRole('button', { name: 'Close the week' }).click();
    await page
      .getByRole('dialog', { name: 'Close the week' })
      .getByRole('button', { name: 'Close the week' })
      .click();
    await expect(page.getByTestId('toast').getByText('Week closed')).toBeVisible();
    const before: Report = await callApi(page, origin, 'GET', `/api/meetings/${meetingId}/report`);

    await view.getByRole('link', { name: 'Slips desk' }).click();
    await expect(page.getByRole('heading', { name: 'Slips desk' })).toBeVisible();
    await expect(page.getByText('waits for the other member')).toBeVisible();
    await page.getByLabel('Kind, slip 1').focus();
    // Four referrals given (kind, from, to, amount, customer, note), three one-to-ones (kind, from, to,
    // note), two CEUs (kind, from, what it was), one testimonial (kind, from, to, its words).
    await typeSlip(page, { cells: ['Jake Morales', 'Emily Tran', '', 'Anderson', ''] });
    await typeSlip(page, { cells: ['Jake Morales', third, '250', 'Baker', ''] });
    await typeSlip(page, { cells: ['Emily Tran', 'Jake Morales', '', '', 'Kitchen remodel'] });
    await typeSlip(page, { cells: [fourth, 'Emily Tran', '', '', ''] });
    await typeSlip(page, { kind: 'One', cells: ['Jake Morales', 'Emily Tran', ''] });
    await typeSlip(page, { cells: ['Jake Morales', third, ''] });
    await typeSlip(page, { cells: [fourth, 'Emily Tran', 'Coffee at the Lyric'] });
    await typeSlip(page, { kind: 'CE', cells: ['Emily Tran', 'Givers Gain, chapter 2'] });
    await typeSlip(page, { cells: [third, 'The referral podcast'] });
    await typeSlip(page, {
      kind: 'T',
      cells: ['Emily Tran', 'Jake Morales', 'Jake found the leak nobody else could.'],
    });
    await expect(
      page.getByText(
        'Referral given 4 · Closed business 0 · One-to-one 3 · CEU 2 · Visitor 0 · Testimonial 1',
      ),
    ).toBeVisible();
    await expectAccessible(page, 'the slips desk at 1280 px');
    await page.screenshot({ path: test.info().outputPath('slip-desk-1280.png'), fullPage: true });

    // Saved from the keyboard: Tab to the button, Enter. The eleventh row Enter added is blank and left out.
    const saveButton = page.getByRole('button', { name: 'Save 10 slips' });
    await saveButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('toast').getByText('Slips saved')).toBeVisible();
    await expect(page.getByTestId('toast')).toContainText(
      '4 Referral given, 3 One-to-one, 2 CEU, 1 Testimonial',
    );
    await expect(page.getByRole('button', { name: 'Save 0 slips' })).toBeVisible();

    // The week's report moved at once.
    await page.goto(`${origin}/meetings/${meetingId}/report`);
    await expect(page.getByRole('heading', { name: 'PALMS report' })).toBeVisible();
    const after: Report = await callApi(page, origin, 'GET', `/api/meetings/${meetingId}/report`);
    const moved = (name: string, key: string) =>
      Number(figures(after, name)[key]) - Number(figures(before, name)[key]);
    expect(moved('Jake Morales', 'givenInside')).toBe(2);
    expect(moved('Emily Tran', 'receivedInside')).toBe(2);
    expect(moved('Jake Morales', 'oneToOnes')).toBe(2);
    expect(moved('Emily Tran', 'oneToOnes')).toBe(2);
    expect(moved('Emily Tran', 'educationUnits')).toBe(1);
    expect(moved('Emily Tran', 'testimonials')).toBe(1);
    const jakeRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^Jake Morales/ }) });
    // RGI is the sixth figure (after P, A, L, M, S).
    await expect(jakeRow.getByRole('cell').nth(5)).toHaveText(
      String(figures(after, 'Jake Morales').givenInside),
    );

    // Emily is told, and the referral to her waits for her answer, said to be entered by the VP.
    const emily = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
    await signInWithDemoAccount(emily, DEMO_ROLES.member2, origin);
    const hers = await callApi(emily, origin, 'GET', '/api/notifications?limit=20');
    expect(JSON.stringify(hers)).toContain('from the paper slip');
    await emily.goto(`${origin}/dashboard?tab=referrals`);
    const waiting = emily.getByTestId('pending-referral').filter({ hasText: 'Anderson' });
    await expect(waiting.getByTestId('entered-by')).toHaveText('Entered by Priya Raman, Leadership');
    await expectAccessible(emily, 'a referral entered at the desk, waiting for its answer, at 360 px');
    await waiting.screenshot({ path: test.info().outputPath('entered-by-360.png') });

    // The same desk on a phone: a slip typed is kept through a reload, then saved.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${origin}/meetings/${meetingId}/slips`);
    await page.getByLabel('Kind, slip 1').focus();
    await typeSlip(page, { cells: ['Jake Morales', 'Emily Tran', '', 'Phone slip', ''] });
    await page.keyboard.type('CE');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Jake Morales');
    await page.keyboard.press('Tab');
    await page.keyboard.type('A book chapter');
    await page.reload();
    await expect(page.getByLabel('Customer, slip 1')).toHaveValue('Phone slip');
    await expect(page.getByLabel('What it was, slip 2')).toHaveValue('A book chapter');
    await expectAccessible(page, 'the slips desk at 360 px');
    await page.screenshot({ path: test.info().outputPath('slip-desk-360.png'), fullPage: true });
    // A name no member goes by is refused on its cell before anything is sent; a testimonial without its words
    // by the server, named by its slip and cell; neither writes anything.
    await page.getByLabel('From, slip 1').fill('Nobody Atall');
    await page.getByRole('button', { name: 'Save 2 slips' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Slip 1:' })).toHaveText(
      'Slip 1: Choose a current member of this chapter',
    );
    await expect(page.getByLabel('From, slip 1')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('From, slip 1').fill('Jake Morales');
    await page.getByRole('button', { name: 'Add a slip' }).click();
    await page.getByLabel('Kind, slip 3').selectOption({ label: 'Testimonial' });
    await page.getByLabel('From, slip 3').fill('Emily Tran');
    await page.getByLabel('To, slip 3').fill('Jake Morales');
    await page.getByRole('button', { name: 'Save 3 slips' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Slip 3:' })).toHaveText(
      'Slip 3: Write the testimonial in the note',
    );
    await expectAccessible(page, 'the slips desk with a refused slip at 360 px');
    await page.screenshot({ path: test.info().outputPath('slip-desk-refused-360.png'), fullPage: true });
    await page.getByRole('button', { name: 'Remove slip 3' }).click();
    await page.getByRole('button', { name: 'Save 2 slips' }).click();
    await expect(page.getByTestId('toast').getByText('Slips saved')).toBeVisible();
    const last: Report = await callApi(page, origin, 'GET', `/api/meetings/${meetingId}/report`);
    expect(
      Number(figures(last, 'Jake Morales').givenInside) - Number(figures(after, 'Jake Morales').givenInside),
    ).toBe(1);

    // A member is refused the desk, with the reason.
    await emily.goto(`${origin}/meetings/${meetingId}/slips`);
    await expect(emily.getByRole('alert')).toContainText(MESSAGES.forbidden);
  } finally {
    server.child.kill();
  }
});
