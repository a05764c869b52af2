const KEY = 'directory-search';

/** Remembers the directory's filters (`?q=&industry=&page=`) for this tab, so 'Back to Directory' returns to them. */
export function rememberDirectorySearch(search: string): void {
  try {
    sessionStorage.setItem(KEY, search);
  } catch {
    // Storage can be off (private mode); going back to the plain directory is fine then.
  }
}

export function directoryHref(): string {
  try {
    const search = sessionStorage.getItem(KEY);
    return search ? `/members?${search}` : '/members';
  } catch {
    return '/members';
  }
}
