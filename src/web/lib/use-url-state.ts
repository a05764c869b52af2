import { useLocation, useSearch } from 'wouter';

type UrlValue = string | number;

/** The values in `search`, each typed like its default; a number that is not one falls back. */
export function readUrlState<T extends Record<string, UrlValue>>(search: string, defaults: T): T {
  const params = new URLSearchParams(search);
  return Object.fromEntries(
    Object.entries(defaults).map(([key, fallback]) => {
      const raw = params.get(key);
      if (raw === null) return [key, fallback];
      if (typeof fallback !== 'number') return [key, raw];
      const n = Number(raw);
      return [key, Number.isFinite(n) ? n : fallback];
    }),
  ) as T;
}

/** `search` with `changes` applied; a value equal to its default is left out of the address. */
export function writeUrlState<T extends Record<string, UrlValue>>(
  search: string,
  defaults: T,
  changes: Partial<T>,
): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === defaults[key]) next.delete(key);
    else next.set(key, String(value));
  }
  return next.toString();
}

/**
 * A screen's filters kept in the address (`?q=&industry=&page=`), so a filtered view can be shared,
 * reloaded and left with Back. Updates replace the history entry (typing is not a trail of pages).
 * Returns the values, the update function, and the raw search string.
 */
export function useUrlState<T extends Record<string, UrlValue>>(
  defaults: T,
): [T, (changes: Partial<T>) => void, string] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const update = (changes: Partial<T>) => {
    const query = writeUrlState(search, defaults, changes);
    navigate(`${location}${query ? `?${query}` : ''}`, { replace: true });
  };
  return [readUrlState(search, defaults), update, search];
}
