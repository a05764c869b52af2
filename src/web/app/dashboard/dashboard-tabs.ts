import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { AuthUser } from '../../../domain/auth/contracts';
import {
  canLogAttendance,
  canManageIndustries,
  canManageSettings,
  canManageUsers,
  canReviewApplications,
  hasRole,
} from '../../../domain/roles/roles';

export interface DashboardTab {
  id: string;
  label: string | ((user: AuthUser) => string);
  /** Who sees the tab (spec section 2). */
  visible: (user: AuthUser) => boolean;
  /** The tab's content, loaded when the tab opens; none for the spec's 'Coming Soon' tabs. */
  Panel?: LazyExoticComponent<ComponentType<{ user: AuthUser }>>;
  /**
   * The Panel's module as the build's manifest names it (from src/web/): a page painted on this tab names
   * its code up front, so the browser fetches it with the entry (issue 49.3).
   */
  source?: string;
}

/**
 * Every dashboard tab, in order: the one place a feature adds its tab. This registry lives in app/, the
 * composition layer, so features never import each other's components.
 */
export const DASHBOARD_TABS: DashboardTab[] = [
  {
    id: 'profile',
    label: 'Public Profile',
    visible: () => true,
    Panel: lazy(() => import('../../features/profile/components/profile-tab')),
    source: 'features/profile/components/profile-tab.tsx',
  },
  {
    id: 'account',
    label: 'Account Settings',
    visible: () => true,
    Panel: lazy(() => import('./account-settings-panel')),
    source: 'app/dashboard/account-settings-panel.tsx',
  },
  {
    id: 'users',
    label: 'User Management',
    visible: (user) => canManageUsers(user.role),
    Panel: lazy(() => import('../../features/admin/components/user-management-tab')),
    source: 'features/admin/components/user-management-tab.tsx',
  },
  {
    id: 'referrals',
    label: 'Referral Metrics',
    visible: (user) => hasRole(user.role, 'MEMBER'),
    Panel: lazy(() => import('./referral-metrics-panel')),
    source: 'app/dashboard/referral-metrics-panel.tsx',
  },
  {
    id: 'industries',
    label: 'Industries',
    visible: (user) => canManageIndustries(user.role),
    Panel: lazy(() => import('../../features/admin/components/industries-tab')),
    source: 'features/admin/components/industries-tab.tsx',
  },
  {
    id: 'applications',
    label: (user) => (canReviewApplications(user.role) ? 'Applications' : 'Application Status'),
    visible: () => true,
    Panel: lazy(() => import('./applications-panel')),
    source: 'app/dashboard/applications-panel.tsx',
  },
  {
    id: 'attendance',
    label: 'Attendance',
    visible: (user) => canLogAttendance(user.role),
    Panel: lazy(() => import('../../features/attendance/components/attendance-tab')),
    source: 'features/attendance/components/attendance-tab.tsx',
  },
  {
    id: 'settings',
    label: 'Settings',
    visible: (user) => canManageSettings(user.role),
    Panel: lazy(() => import('../../features/admin/components/settings-tab')),
    source: 'features/admin/components/settings-tab.tsx',
  },
  {
    id: 'agency',
    label: 'Agency Overview',
    visible: (user) => hasRole(user.role, 'AGENCY_ADMIN'),
    Panel: lazy(() => import('../../features/chapters/components/agency-overview-tab')),
    source: 'features/chapters/components/agency-overview-tab.tsx',
  },
  {
    id: 'chapters',
    label: 'Chapters',
    visible: (user) => hasRole(user.role, 'AGENCY_ADMIN'),
    Panel: lazy(() => import('../../features/chapters/components/chapters-tab')),
    source: 'features/chapters/components/chapters-tab.tsx',
  },
  { id: 'my-articles', label: 'My Articles', visible: (user) => hasRole(user.role, 'MEMBER') },
  { id: 'article-review', label: 'Article Review', visible: (user) => hasRole(user.role, 'LEADERSHIP') },
];

export interface VisibleTab {
  id: string;
  label: string;
  comingSoon: boolean;
  Panel?: DashboardTab['Panel'];
}

/** The tabs this user sees, with their labels resolved. */
export function dashboardTabs(user: AuthUser, registry: DashboardTab[] = DASHBOARD_TABS): VisibleTab[] {
  return registry
    .filter((tab) => tab.visible(user))
    .map((tab) => ({
      id: tab.id,
      label: typeof tab.label === 'function' ? tab.label(user) : tab.label,
      comingSoon: !tab.Panel,
      Panel: tab.Panel,
    }));
}

/** A GUEST starts on Applications; everyone else on Referral Metrics (spec section 2). */
export function initialTab(user: AuthUser, tabs: VisibleTab[], requested: string | null): string {
  const open = tabs.filter((t) => !t.comingSoon);
  if (requested && open.some((t) => t.id === requested)) return requested;
  if (user.role === 'GUEST') return 'applications';
  return open.some((t) => t.id === 'referrals') ? 'referrals' : (open[0]?.id ?? 'applications');
}

/** The module of the tab a dashboard at `search` opens on for `user` (what the server paints). */
export function openingTabSource(user: AuthUser, search: URLSearchParams): string | undefined {
  const active = initialTab(user, dashboardTabs(user), search.get('tab'));
  return DASHBOARD_TABS.find((tab) => tab.id === active)?.source;
}
