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

test('a search typed and a button pressed where React has drawn but not committed count once it commits', async ({
  page,
}) => {
  const html = await heldHydrationPage();
  await page.route('**/held-hydration', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto('/held-hydration');
  const search = page.getByRole('searchbox', { name: 'Search' });
  // Drawn: React has given the field its props, while its part waits to be committed.
  await page.waitForFunction(() => {
    const field = document.querySelector('input');
    return field !== null && Object.keys(field).some((key) => key.startsWith('__reactProps$'));
  });
  await search.fill('dentist');
  await page.getByRole('button', { name: 'Add one' }).click();
  await expect(page.getByText('Nothing typed')).toBeVisible();

  await page.evaluate(() => (window as unknown as { releaseHeldPart: () => void }).releaseHeldPart());
  await expect(page.getByText('Searching for dentist')).toBeVisible();
  await expect(search).toHaveValue('dentist');
  await expect(page.getByText('Added 1')).toBeVisible();
});
