import { describe, expect, it } from 'vitest';
import { EARLY_INPUT_TAG } from './early-input';
import { loadAfterPaint } from './spa';

const BUILT = `<head>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
<link rel="modulepreload" href="/assets/members-page-jkl.js"><link rel="modulepreload" href="/assets/text-mno.js" data-early></head>`;

describe('the app loaded after a painted page is on screen (issue 49)', () => {
  it('moves the entry and every module preload onto the after-paint script, those to run early named again, keeping the stylesheet', () => {
    const html = loadAfterPaint(BUILT);
    expect(html).toContain(
      '<script type="module" src="/after-paint.js" data-app="/assets/index-abc.js" data-preload="/assets/jsx-runtime-def.js /assets/members-page-jkl.js /assets/text-mno.js" data-early="/assets/text-mno.js"></script>',
    );
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('src="/assets/index-abc.js"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">');
  });

  it('holds early presses from the head, so from before the page is on screen', () => {
    expect(loadAfterPaint(BUILT)).toContain(`${EARLY_INPUT_TAG}</head>`);
  });

  it('leaves a page without the built entry as it is, but for the early-press holder', () => {
    const plain = '<head><title>x</title></head>';
    expect(loadAfterPaint(plain)).toBe(`<head><title>x</title>${EARLY_INPUT_TAG}</head>`);
  });
});
