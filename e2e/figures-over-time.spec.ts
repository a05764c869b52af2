import { expectAccessible } from './a11y';
import { expect, importCsv, ownDemoServer, signInWithDemoAccount, test } from './fixtures';

const monthName = (month: number) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );
const pad = (n: number) => String(n).padStart(2, '0');

/** This quarter's and the quarter before's first days, and the previous quarter's first three Tuesdays, in Denver. */
function calendar() {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Denver',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  const quarterMonth = month - ((month - 1) % 3);
  const previous = quarterMonth === 1 ? { year: year - 1, month: 10 } : { year, month: quarterMonth - 3 };
  const previousStart = new Date(Date.UTC(previous.year, previous.month - 1, 1));
  const firstTuesday = 1 + ((2 - previousStart.getUTCDay() + 7) % 7);
  const tuesdays = [0, 7, 14].map((d) => `${previous.year}-${pad(previous.month)}-${pad(firstTuesday + d)}`);
  return {
    year,
    quarterStart: `${year}-${pad(quarterMonth)}-01`,
    quarterFirstMonth: monthName(quarterMonth),
    previousStart: `${previous.year}-${pad(previous.month)}-01`,
    tuesdays,
  };
}

/**
 * Figures over a period, on its own demo network: Taylor Reed (the demo guest) becomes a member with a history
 * imported on fixed days, so every figure is worked out here by hand: this quarter $1,000.00 given and
 * $300.00 received, the quarter before $400.00 given and a 50% attendance, two years ago $2,500.00.
 * Choosing "This quarter" shows this quarter's figures beside last quarter's; All time adds them up.
 */
test('choosing "This quarter" shows its figures beside last quarter’s, and All time adds them up', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const { origin, server } = await ownDemoServer(page);
  const day = calendar();
  try {
    await importCsv(page, origin, 'members', [
      'Email,First Name,Last Name,Industry,Role',
      'guest@demo.test,Taylor,Reed,Bookkeeping,Member',
      'partner@figures.test,Pat,Partner,Landscape Lighting,Member',
    ]);
    await importCsv(page, origin, 'referrals', [
      'From,To,Sale Amount,Sale Date,Status,Customer',
      `guest@demo.test,partner@figures.test,1000.00,${day.quarterStart},Approved,This quarter`,
      `partner@figures.test,guest@demo.test,300.00,${day.quarterStart},Approved,Received`,
      `guest@demo.test,partner@figures.test,400.00,${day.previousStart},Approved,Last quarter`,
      `guest@demo.test,partner@figures.test,2500.00,${day.year - 2}-06-15,Approved,Long ago`,
      `guest@demo.test,partner@figures.test,999.00,${day.quarterStart},Pending,Not yet`,
    ]);
    await importCsv(page, origin, 'attendance', [
      'Member Email,Meeting Date,Status',
      `guest@demo.test,${day.tuesdays[0]},Present`,
      `guest@demo.test,${day.tuesdays[1]},Absent`,
      `guest@demo.test,${day.tuesdays[2]},Excused`,
    ]);

    const context = await browser.newContext();
    const taylor = await context.newPage();
    await signInWithDemoAccount(taylor, 'guest@demo.test', origin);
    await taylor.goto(`${origin}/dashboard?tab=referrals`);
    const figure = (id: string) => taylor.getByTestId(id);

    // All time: three given ($3,900.00), one received ($300.00); ROI 3,900 - 400 dues = $3,500, 975%.
    await expect(figure('metric-given')).toHaveText('3');
    await expect(figure('metric-revenue-received')).toHaveText('$3,900.00');
    await expect(figure('metric-received')).toHaveText('1');
    await expect(figure('metric-revenue-given')).toHaveText('$300.00');
    await expect(figure('metric-roi')).toHaveText('$3,500');
    await expect(figure('metric-roi').locator('..')).toContainText('975% of $400 dues');
    await expect(figure('metric-given-previous')).toHaveCount(0);
    // 1 present, 1 absent, the excused meeting counting nowhere.
    await expect(figure('attendance-rate')).toContainText('50%');

    await taylor.getByRole('tab', { name: 'This quarter' }).click();
    await expect(taylor).toHaveURL(/period=quarter/);
    await expect(figure('metrics-span')).toContainText(day.quarterFirstMonth);
    await expect(figure('metric-given')).toHaveText('1');
    await expect(figure('metric-given-previous')).toHaveText('Level, vs 1 last quarter');
    await expect(figure('metric-revenue-received')).toHaveText('$1,000.00');
    await expect(figure('metric-revenue-received-previous')).toHaveText('Up, vs $400.00 last quarter');
    await expect(figure('metric-received')).toHaveText('1');
    await expect(figure('metric-received-previous')).toHaveText('Up, vs 0 last quarter');
    await expect(figure('metric-revenue-given')).toHaveText('$300.00');
    // A quarter's dues are a quarter of $400: 1,000 - 100 = $900 (1000%); last quarter 400 - 100 = $300.
    await expect(figure('metric-roi')).toHaveText('$900');
    await expect(figure('metric-roi').locator('..')).toContainText('1000% of $100 dues');
    await expect(figure('metric-roi-previous')).toHaveText('Up, vs $300 last quarter');
    // No meeting this quarter yet; last quarter's was 50%.
    await expect(figure('attendance-rate')).toHaveText('No meetings recorded yet');
    await expect(figure('attendance-rate-previous')).toHaveText('Down, vs 50% last quarter');
    await expectAccessible(taylor, 'Referral Metrics for this quarter');
    await taylor.screenshot({ path: testInfo.outputPath('quarter-1280.png'), fullPage: true });

    // The period stays through a reload (it is in the address), and fits a phone.
    await taylor.reload();
    await expect(taylor.getByRole('tab', { name: 'This quarter' })).toHaveAttribute('aria-selected', 'true');
    await expect(figure('metric-revenue-received')).toHaveText('$1,000.00');
    await taylor.setViewportSize({ width: 360, height: 780 });
    expect(await taylor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await taylor.screenshot({ path: testInfo.outputPath('quarter-360.png'), fullPage: true });

    await taylor.getByRole('tab', { name: 'All time' }).click();
    await expect(figure('metric-given')).toHaveText('3');
    await context.close();

    // The roster shows and sorts by the chosen period's figures too: Taylor this quarter, then all time.
    await page.goto(`${origin}/dashboard?tab=users&q=Taylor`);
    const row = page.getByTestId('member-row').filter({ hasText: 'Taylor Reed' });
    await expect(row).toContainText('3 given / 1 received');
    await expect(row).toContainText('50%');
    await page.getByLabel('Attendance and referrals over').selectOption('quarter');
    await expect(page).toHaveURL(/period=quarter/);
    await expect(row).toContainText('1 given / 1 received');
    await expect(row).toContainText('No meetings');
    await expectAccessible(page, 'the roster over this quarter');
  } finally {
    server.child.kill();
  }
});
