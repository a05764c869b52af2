import { useEffect } from 'react';

/** The attribute an item carries so a link can point at it, and the one set while it is pointed at. */
export const HIGHLIGHT_ID = 'data-highlight-id';
const HIGHLIGHTED = 'data-highlighted';
/** Lists load after the page: how long to wait for the item to appear before giving up quietly. */
const WAIT_MS = 10_000;

/** Tailwind classes for an item that a link pointed at (a ring and a tint, kept while the page is open). */
export const highlightClass =
  'scroll-mt-24 rounded-md data-[highlighted=true]:bg-brand-50 data-[highlighted=true]:ring-2 data-[highlighted=true]:ring-brand-500 data-[highlighted=true]:outline-none';

/**
 * Scrolls to the first item marked `data-highlight-id={id}` once it is on the page, highlights it and
 * moves focus to it (a screen reader then reads it): a notification opens the very referral it is about,
 * not only its tab. The first match wins, so an item in a waiting list is preferred to its history row;
 * `ready` holds the search until the lists that must win have loaded.
 */
export function useHighlightTarget(id: string | null, ready = true): void {
  useEffect(() => {
    for (const earlier of document.querySelectorAll(`[${HIGHLIGHTED}]`)) earlier.removeAttribute(HIGHLIGHTED);
    if (!id || !ready) return;
    const selector = `[${HIGHLIGHT_ID}="${CSS.escape(id)}"]`;
    const show = (item: HTMLElement) => {
      item.setAttribute(HIGHLIGHTED, 'true');
      if (!item.hasAttribute('tabindex')) item.tabIndex = -1;
      item.focus({ preventScroll: true });
      item.scrollIntoView({ block: 'center' });
    };
    const found = document.querySelector<HTMLElement>(selector);
    if (found) {
      show(found);
      return;
    }
    const observer = new MutationObserver(() => {
      const item = document.querySelector<HTMLElement>(selector);
      if (!item) return;
      observer.disconnect();
      show(item);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [id, ready]);
}
