import type { AuthUser } from '../../../domain/auth/contracts';
import { canReviewApplications, hasRole } from '../../../domain/roles/roles';

export interface DashboardTab {
  id: string;
  label: string;
  /** The spec's 'Coming Soon' tabs are listed but cannot be opened. */
  comingSoon?: boolean;
}

/**
 * The tabs a role sees (spec section 2). Tabs join this list as their features ship; the profile,
 * referral, attendance, industry, member and settings tabs belong to later issues.
 */
export function dashboardTabs(user: AuthUser): DashboardTab[] {
  const tabs: DashboardTab[] = [
    { id: 'applications', label: canReviewApplications(user.role) ? 'Applications' : 'Application Status' },
  ];
  if (hasRole(user.role, 'MEMBER')) tabs.push({ id: 'my-articles', label: 'My Articles', comingSoon: true });
  if (hasRole(user.role, 'LEADERSHIP'))
    tabs.push({ id: 'article-review', label: 'Article Review', comingSoon: true });
  return tabs;
}

/** A GUEST starts on Applications; everyone else on the first tab they can open. */
export function initialTab(user: AuthUser, tabs: DashboardTab[], requested: string | null): string {
  const open = tabs.filter((t) => !t.comingSoon);
  if (requested && open.some((t) => t.id === requested)) return requested;
  if (user.role === 'GUEST') return 'applications';
  return open[0]?.id ?? 'applications';
}
