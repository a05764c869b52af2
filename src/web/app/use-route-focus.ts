import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

const SETTLE_MS = 150;
const WINDOW_MS = 3000;

/**
 * Focuses the page's h1 once `main` has stopped changing, for a screen reader to announce. A lazy page
 * can still show the old screen when navigation starts, so for a few seconds a replaced heading is
 * focused again, unless the person has moved focus somewhere else meanwhile.
 */
function focusHeadingWhenSettled(): () => void {
  const main = document.querySelector('main');
  if (!main) return () => undefined;
  const startedOn = document.activeElement;
  let focused: HTMLElement | null = null;
  let timer = 0;
  const focusIfFree = () => {
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading || heading === focused) return;
    const active = document.activeElement;
    const free =
      !active ||
      active === document.body ||
      active === startedOn ||
      active === focused ||
      !active.isConnected;
    if (!free) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    focused = heading;
  };
  const observer = new MutationObserver(() => {
    clearTimeout(timer);
    timer = window.setTimeout(focusIfFree, SETTLE_MS);
  });
  observer.observe(main, { childList: true, subtree: true, characterData: true });
  timer = window.setTimeout(focusIfFree, SETTLE_MS);
  const stop = window.setTimeout(() => observer.disconnect(), WINDOW_MS);
  return () => {
    observer.disconnect();
    clearTimeout(timer);
    clearTimeout(stop);
  };
}

/** Scrolls to the element the #anchor names as soon as it exists (the page renders after the browser's own jump). */
function scrollToAnchor(id: string): () => void {
  let frame = 0;
  let tries = 0;
  const look = () => {
    const target = document.getElementById(id);
    if (target) return target.scrollIntoView();
    if (++tries < 180) frame = requestAnimationFrame(look);
  };
  look();
  return () => cancelAnimationFrame(frame);
}

/**
 * On every in-app navigation: scroll to the top (or to the #anchor the address names), and move focus
 * to the new page's heading so a screen reader announces it. Back and Forward keep the position the
 * browser restores.
 */
export function useRouteFocus(): void {
  const [location] = useLocation();
  const firstRender = useRef(true);
  const wentBack = useRef(false);

  useEffect(() => {
    const onPop = () => {
      wentBack.current = true;
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: location is the trigger, not a value used inside
  useEffect(() => {
    const hash = decodeURIComponent(window.location.hash.slice(1));
    const isFirst = firstRender.current;
    firstRender.current = false;
    if (hash) return scrollToAnchor(hash);
    if (isFirst) return;
    if (wentBack.current) {
      wentBack.current = false;
      return;
    }
    window.scrollTo(0, 0);
    return focusHeadingWhenSettled();
  }, [location]);
}
