import { readFileSync } from 'node:fs';
import { expectAccessible } from './a11y';
import { asRole, expect, ownDemoServer, test } from './fixtures';

/** A chapter's 500-member roster; `broken` spoils 20 rows (10 emails, 10 roles). */
function roster(broken: boolean): Buffer {
  const lines = ['Work Email,First Name,Last Name,Business,Role'];
  for (let i = 1; i <= 500; i++) {
    const email = broken && i % 50 === 0 ? `member${i}-at-example` : `member${i}@import.test`;
    const role = broken && i % 50 === 25 ? 'Chairman' : 'Member';
    lines.push(`${email},Imported,Member ${i},Business ${i},${role}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/**
 * As a network administrator moves a chapter in: upload, choose the column the headers did not
 * name, see the 20 bad rows, import the 480 good ones on a phone and download the 20 with their reasons,
 * import that file once fixed, and find that importing the whole roster again changes nothing. Its own server and database, so 500 new members never crowd other journeys.
 */
test('an admin imports a 500-member roster: the good rows first, the refused ones fixed, then nothing to do', async ({
  page,
}, testInfo) => {
  test.slow();
  const { origin, server } = await ownDemoServer(page);
  try {
    await page.goto(`${origin}/dashboard?tab=settings`);
    await expect(page.getByRole('heading', { name: 'Import' })).toBeVisible();
    const fileInput = page.getByLabel('CSV or Excel file (.csv, .xlsx), up to 10 MB');
    const rows = page.getByTestId('import-rows').locator(':scope > li');
    const counts = page.getByTestId('import-counts');

    // "Work Email" is no spelling the guess knows: the page asks for the column.
    await fileInput.setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: roster(true) });
    await expect(page.getByText('Choose the column that holds Email.')).toBeVisible();
    await page.getByLabel('Email (required)').selectOption({ label: 'Work Email' });

    await expect(counts).toContainText('500 rows: 480 new, 0 to update, 0 unchanged, 20 with errors');
    await expect(
      page.getByText(
        '20 rows have errors. Fix them in the file and upload it again to import every row at once, or import the 480 rows without errors now and fix the others later.',
      ),
    ).toBeVisible();
    await expect(rows).toHaveCount(20);
    await expect(rows.filter({ hasText: 'Row 51' })).toContainText('Email: Invalid email');
    await expect(rows.filter({ hasText: 'Row 26' })).toContainText('Role: Unknown role "Chairman"');
    await expectAccessible(page, 'the import preview with errors');
    await page.screenshot({ path: testInfo.outputPath('import-errors-1280.png'), fullPage: true });

    // On a phone: import the 480 good rows now; the 20 others come down with their reasons.
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: testInfo.outputPath('import-errors-360.png'), fullPage: true });
    const leaveOut = page.getByRole('button', {
      name: 'Import the 480 good rows and download the 20 with their reasons',
    });
    const downloaded = page.waitForEvent('download');
    await leaveOut.click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('roster-refused.csv');
    const refused = readFileSync(await download.path(), 'utf8');
    const refusedLines = refused.trimEnd().split('\r\n').join('\n').split('\n');
    expect(refusedLines[0]).toBe('\ufeffWork Email,First Name,Last Name,Business,Role,Reasons');
    expect(refusedLines).toHaveLength(21);
    expect(refusedLines).toContain(
      'member25@import.test,Imported,Member 25,Business 25,Chairman,"Role: Unknown role ""Chairman"": use Guest, Member, Leadership, Network Administrator or Agency Administrator"',
    );
    expect(refusedLines).toContain(
      'member50-at-example,Imported,Member 50,Business 50,Member,Email: Invalid email',
    );
    await expect(
      page.getByTestId('toast').getByText('480 new, 0 updated, 0 unchanged, 20 left out.'),
    ).toBeVisible();
    const leftOut = page.getByTestId('import-left-out');
    await expect(leftOut).toContainText(
      '20 rows with errors were left out. They were downloaded as roster-refused.csv, with a Reasons column',
    );
    await expect(leftOut.getByRole('button', { name: 'Download roster-refused.csv again' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, 'the rows left out, at 360 px');
    await page.screenshot({ path: testInfo.outputPath('import-left-out-360.png'), fullPage: true });
    await expect(page.getByTestId('audit-log').getByRole('listitem').first()).toContainText(
      'Members imported from roster.csv: 480 created, 0 updated, 0 unchanged, 20 left out',
    );

    // The refused file, fixed where its reasons say, keeps the chosen columns and imports whole (its
    // Reasons column is not read).
    const fixed = refused.replaceAll('-at-example', '@import.test').replaceAll(',Chairman,', ',Member,');
    await fileInput.setInputFiles({
      name: 'roster-refused.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(fixed),
    });
    await expect(leftOut).toBeHidden();
    await expect(counts).toContainText('20 rows: 20 new, 0 to update, 0 unchanged');
    await page.getByRole('button', { name: 'Import 20 rows' }).click();
    await expect(page.getByTestId('toast').getByText('20 new, 0 updated, 0 unchanged.')).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });

    // The same file again: every row unchanged, nothing to import.
    await fileInput.setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: roster(false) });
    await expect(counts).toContainText('500 rows: 0 new, 0 to update, 500 unchanged');
    await page.getByLabel('Only rows with errors').setChecked(false);
    await expect(rows).toHaveCount(25);
    await expect(page.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
    await page.screenshot({ path: testInfo.outputPath('import-unchanged-1280.png'), fullPage: true });

    // Their history: referrals, shown checking while the server works, then attendance.
    const kinds = page.getByRole('tablist', { name: 'What the file holds' });
    await kinds.getByRole('tab', { name: 'Referrals' }).click();
    // The roster still chosen is read as referrals: none of their columns is there.
    await expect(
      page.getByText('Choose the column that holds Referrer Email, Recipient Email, Date.'),
    ).toBeVisible();
    const referrals = (rows: string[]) => Buffer.from(['From,To,Amount,Date,Status', ...rows].join('\n'));
    const given = [
      'member1@import.test,member2@import.test,"$1,200.00",3/14/2025,Approved',
      // A date written out is read as people write it.
      'member2@import.test,member1@import.test,300,"April 1, 2025",',
    ];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      '**/api/imports/referrals/preview**',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await fileInput.setInputFiles({
      name: 'referrals.csv',
      mimeType: 'text/csv',
      buffer: referrals([
        ...given,
        'nobody@import.test,member1@import.test,5,2025-04-01,',
        'member1@import.test,member2@import.test,5,"Marchh 3, 2022",',
      ]),
    });
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expect(fileInput).toBeDisabled();
    await page.screenshot({ path: testInfo.outputPath('import-checking-1280.png') });
    release();
    await expect(counts).toContainText('4 rows: 2 new, 0 to update, 0 unchanged, 2 with errors');
    await expect(rows.filter({ hasText: 'Row 4' })).toContainText(
      'No member has the email nobody@import.test: import members first',
    );
    // A cell that is no date gets one message, not a second one about the future.
    await expect(rows.filter({ hasText: 'Row 5' }).getByRole('listitem')).toHaveText([
      'Date: Use a date such as 2025-03-14 or 3/14/2025',
    ]);
    await fileInput.setInputFiles({ name: 'referrals.csv', mimeType: 'text/csv', buffer: referrals(given) });
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect(page.getByTestId('toast').getByText('2 new, 0 updated, 0 unchanged.')).toBeVisible();

    await kinds.getByRole('tab', { name: 'Attendance' }).click();
    await fileInput.setInputFiles({
      name: 'attendance.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'Member Email,Meeting Date,Status\nmember1@import.test,2025-03-06,P\nmember2@import.test,2025-03-06,A\n',
      ),
    });
    await expect(counts).toContainText('2 rows: 2 new, 0 to update, 0 unchanged');
    await expectAccessible(page, 'the attendance import preview');
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect(page.getByTestId('toast').getByText('2 new, 0 updated, 0 unchanged.')).toBeVisible();
    await expect(page.getByTestId('audit-log').getByRole('listitem').first()).toContainText(
      'Attendance imported from attendance.csv: 2 created, 0 updated, 0 unchanged',
    );

    // The roster has them.
    await page.goto(`${origin}/dashboard?tab=users&q=Member%20250`);
    await expect(page.getByTestId('member-row').filter({ hasText: 'Imported Member 250' })).toHaveCount(1);
  } finally {
    server.child.kill();
  }
});

test('a file over 10 MB is refused in the page before it is sent', async ({ page }) => {
  await asRole(page, 'admin');
  await page.goto('/dashboard?tab=settings');
  await page.getByLabel('CSV or Excel file (.csv, .xlsx), up to 10 MB').setInputFiles({
    name: 'huge.csv',
    mimeType: 'text/csv',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 'a'),
  });
  await expect(page.getByRole('alert')).toHaveText(
    'The file is larger than 10 MB. Split it into smaller files and import each.',
  );
});
