/**
 * Where to go back to after signing in, for a page a signed-out visitor opened on purpose (a meeting's
 * check-in code). Kept for this tab only; only a path of this site is honoured.
 */
const KEY = 'return-after-sign-in';

export function rememberReturnPath(path: string): void {
  sessionStorage.setItem(KEY, path);
}

export function takeReturnPath(): string | null {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return path?.startsWith('/') && !path.startsWith('//') ? path : null;
}
