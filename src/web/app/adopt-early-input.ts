import { useEffect } from 'react';
import { SERVER_STATE_ID } from '../../domain/pages/server-rendered';

// Only a page the server painted can have fields edited before the app ran.
let pending = typeof document !== 'undefined' && document.getElementById(SERVER_STATE_ID) !== null;

const nativeValueSetter = () => Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

/**
 * The option a painted select showed: the one marked selected, else the browser's own pick, its first
 * enabled option. (Telling a change by `selected !== defaultSelected` took that pick for a change, and
 * the event sent for it made React hydrate the whole tab at once, in one long task: issue 49.3.)
 */
export function paintedIndex(select: Pick<HTMLSelectElement, 'options'>): number {
  const options = [...select.options];
  const marked = options.findLastIndex((option) => option.defaultSelected);
  return marked >= 0 ? marked : options.findIndex((option) => !option.disabled);
}

type EarlyClicks = { takeEarlyClicks?: () => HTMLElement[] };

/**
 * Hands the app what a visitor did in a painted page before the app took it over. A value typed or
 * picked (a search, a filter): React keeps it on screen but never tells the page (its replay of these
 * changes, `enableHydrationChangeEvent`, is off in React 19). A button pressed: after-paint.js held
 * it, and it is pressed again now. Rendered after the page inside its Suspense boundary, so it runs
 * once the page has hydrated; once per load.
 */
export function AdoptEarlyInput() {
  useEffect(() => {
    if (!pending) return;
    pending = false;
    for (const select of document.querySelectorAll<HTMLSelectElement>('#root select')) {
      if (select.selectedIndex !== paintedIndex(select))
        select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    for (const input of document.querySelectorAll<HTMLInputElement>(
      '#root input:not([type=checkbox]):not([type=radio])',
    )) {
      if (input.value === input.defaultValue) continue;
      // React fires onChange only when the value differs from the one it last saw; it saw the typed one.
      const typed = input.value;
      input.value = input.defaultValue;
      nativeValueSetter()?.call(input, typed);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    for (const button of (window as EarlyClicks).takeEarlyClicks?.() ?? [])
      if (button.isConnected) button.click();
  }, []);
  return null;
}
