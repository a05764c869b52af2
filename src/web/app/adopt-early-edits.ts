import { useEffect } from 'react';
import { SERVER_STATE_ID } from '../../domain/pages/server-rendered';

// Only a page the server painted can have fields edited before the app ran.
let pending = typeof document !== 'undefined' && document.getElementById(SERVER_STATE_ID) !== null;

const nativeValueSetter = () => Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

/**
 * Hands the app what a visitor typed or picked in a painted page before the app took it over (a search,
 * a filter): React keeps such a value on screen but never tells the page (its replay of these changes,
 * `enableHydrationChangeEvent`, is off in React 19). Rendered after the page inside its Suspense
 * boundary, so it runs once the page has hydrated; once per load.
 */
export function AdoptEarlyEdits() {
  useEffect(() => {
    if (!pending) return;
    pending = false;
    for (const select of document.querySelectorAll<HTMLSelectElement>('#root select')) {
      if ([...select.options].some((option) => option.selected !== option.defaultSelected))
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
  }, []);
  return null;
}
