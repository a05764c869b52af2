import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** Calls `found` with the first element `find` returns within ~2 s (lazy pages render late), or gives up. */
function whenPresent<T extends Element>(find: () => T | null, found: (el: T) => void): () => void {
  let frame = 0;
  let tries = 0;
  const look = () => {
    const el = find();
    if (el) return found(el);
    if (++tries < 120) frame = requestAnimationFrame(look);
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
    if (hash) {
      // The browser's own jump happens before the page has rendered; jump again once the anchor exists.
      return whenPresent(
        () => document.getElementById(hash),
        (el) => el.scrollIntoView(),
      );
    }
    if (isFirst) return;
    if (wentBack.current) {
      wentBack.current = false;
      return;
    }
    window.scrollTo(0, 0);
    return whenPresent(
      () => document.querySelector<HTMLElement>('main h1'),
      (heading) => {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      },
    );
  }, [location]);
}
