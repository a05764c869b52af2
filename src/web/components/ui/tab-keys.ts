import type { KeyboardEvent } from 'react';

/**
 * The ARIA tabs pattern's keyboard: one Tab stop, the selected tab; Left / Right move to
 * the previous / next tab and select it, wrapping; Home and End go to the first and last. Disabled
 * tabs are skipped. Returns each tab's `tabIndex` and `onKeyDown`.
 */
export function tabKeys<T extends string>(
  tabs: ReadonlyArray<{ id: T; disabled?: boolean }>,
  active: T,
  onSelect: (id: T) => void,
) {
  const usable = tabs.filter((t) => !t.disabled).map((t) => t.id);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const at = usable.indexOf(active);
    const next = {
      ArrowRight: usable[(at + 1) % usable.length],
      ArrowLeft: usable[(at - 1 + usable.length) % usable.length],
      Home: usable[0],
      End: usable[usable.length - 1],
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next);
    // The new tab takes focus once rendered; its id is on the tab list's child with that data-tab.
    const list = event.currentTarget.closest('[role="tablist"]');
    requestAnimationFrame(() => list?.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus());
  };
  return (id: T) => ({ tabIndex: id === active ? 0 : -1, onKeyDown, 'data-tab': id });
}
