/**
 * The priority the browser fetches the app's code at: below the page and its stylesheet, as it fetches a
 * classic `defer` script. A painted page needs its code only to respond, never to be seen, and Chromium
 * otherwise fetches module scripts and module preloads at high priority, beside the stylesheet the first
 * paint waits for (docs/decisions/0045).
 */
export const APP_CODE_PRIORITY = 'low';

const APP_CODE_TAG = /<(script type="module"|link rel="modulepreload")(?![^>]*\bfetchpriority=)/g;

/** Gives each module script and module preload in `html` the app's code priority (index.html, as built). */
export function withAppCodePriority(html: string): string {
  return html.replace(APP_CODE_TAG, `<$1 fetchpriority="${APP_CODE_PRIORITY}"`);
}
