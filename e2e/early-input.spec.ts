import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { EARLY_INPUT_TAG } from '../src/server/http/early-input';
import { expect, test } from './fixtures';
import { HeldHydrationPage } from './support/held-hydration-page';

/**
 * The painted page's early-input holder (src/server/http/early-input.ts) on a page hydrated as the app is,
 * whose fields React has drawn and given props but not committed: their part is still waiting. Under load
 * the dashboard's member picker was in that state, and a search typed then was lost.
 */
async function heldHydrationPage(): Promise<string> {
  const client = await build({
    entryPoints: ['e2e/support/held-hydration-client.ts'],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const painted = renderToString(createElement(HeldHydrationPage));
  return `<!doctype html><html lang="en"><head><title>Held</title>${EARLY_INPUT_TAG}</head>
<body><div id="root">${painted}</div><script>${client.outputFiles[0]?.text}</script></body></html>`;
}

/** The page open with its fields drawn by React (given their props) while their part waits to be committed. */
async function openDrawnNotCommitted(page: Page) {
  const html = await heldHydrationPage();
  await page.route('**/held-hydration', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto('/held-hydration');
  await page.waitForFunction(() => {
    const field = document.querySelector('input');
    return field !== null && Object.keys(field).some((key) => key.startsWith('__reactProps$'));
  });
}

const releaseHeldPart = (page: Page) =>
  page.evaluate(() => (window as unknown as { releaseHeldPart: () => void }).releaseHeldPart());

test('a search typed and a button pressed where React has drawn but not committed count once it commits', async ({
  page,
}) => {
  await openDrawnNotCommitted(page);
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('dentist');
  await page.getByRole('button', { name: 'Add one' }).click();
  await expect(page.getByText('Nothing typed')).toBeVisible();

  await releaseHeldPart(page);
  await expect(page.getByText('Searching for dentist')).toBeVisible();
  await expect(search).toHaveValue('dentist');
  await expect(page.getByText('Added 1')).toBeVisible();
});

test('a button pressed before the app is ready is given up once something is typed after it', async ({
  page,
}) => {
  await openDrawnNotCommitted(page);
  // Pressed on the page as it was, then the page changed: done now, the press would act on the new text.
  await page.getByRole('button', { name: 'Add one' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('dentist');
  await releaseHeldPart(page);
  await expect(page.getByText('Searching for dentist')).toBeVisible();
  // Given time to be pressed again, it is not.
  await page.waitForTimeout(500);
  await expect(page.getByText('Added 0')).toBeVisible();
});
