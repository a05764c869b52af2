import { canApply } from '../../../domain/applications/policy';
import type { AuthUser } from '../../../domain/auth/contracts';

export interface NavLink {
  href: string;
  label: string;
}

/**
 * Header nav rules: Home is hidden when signed in; Dashboard appears when signed in.
 * Chapters appears once the agency has several; with one, the nav is the single chapter's.
 */
export function navLinksFor(user: AuthUser | null, severalChapters = false): NavLink[] {
  const links: NavLink[] = [];
  if (!user) links.push({ href: '/', label: 'Home' });
  links.push({ href: '/members', label: 'Members' });
  if (severalChapters) links.push({ href: '/chapters', label: 'Chapters' });
  links.push({ href: '/articles', label: 'Articles' });
  if (user) links.push({ href: '/dashboard', label: 'Dashboard' });
  return links;
}

/**
 * The Apply button shows when signed out or for a GUEST, except a guest whose
 * application is already open: they see their status on the dashboard instead.
 */
export function showsApply(user: AuthUser | null): boolean {
  return canApply(user);
}
