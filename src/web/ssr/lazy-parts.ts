import type { AuthUser } from '../../domain/auth/contracts';
import { openingTabSource } from '../app/dashboard/dashboard-tabs';

/**
 * What the app loads lazily and a page painted for a signed-in reader shows at once, by module as the
 * build's manifest names it: the user menu (header.tsx) and the notification bell (layout.tsx).
 */
const SIGNED_IN_PARTS = [
  'components/layout/user-menu.tsx',
  'features/notifications/components/notification-bell.tsx',
];

/**
 * The lazily loaded modules a painted page shows (issue 49.3): the server names them with the page, so the
 * browser fetches them beside the entry instead of discovering each only when React reaches it.
 */
export function paintedLazyParts(url: string, user: AuthUser | null): string[] {
  if (!user) return [];
  const [path = '/', query = ''] = url.split('?');
  const tab = /^\/dashboard\/?$/.test(path) ? openingTabSource(user, new URLSearchParams(query)) : undefined;
  return tab ? [...SIGNED_IN_PARTS, tab] : SIGNED_IN_PARTS;
}
