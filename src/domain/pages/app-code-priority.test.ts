import { describe, expect, it } from 'vitest';
import { withAppCodePriority } from './app-code-priority';

describe("the app's code priority", () => {
  it('lowers the entry script and its module preloads, and nothing else in the head', () => {
    const built = [
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-2.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-3.css">',
      '<script type="application/json" id="state">{}</script>',
    ].join('\n');
    expect(withAppCodePriority(built)).toBe(
      [
        '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
        '<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js"></script>',
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-2.js">',
        '<link rel="stylesheet" crossorigin href="/assets/index-3.css">',
        '<script type="application/json" id="state">{}</script>',
      ].join('\n'),
    );
  });

  it('leaves a tag that already names its priority as it is', () => {
    const html = '<link rel="modulepreload" fetchpriority="high" href="/assets/a.js">';
    expect(withAppCodePriority(html)).toBe(html);
  });
});
