import type { ComponentType } from 'react';
import type { AuthUser } from '../../../domain/auth/contracts';
import {
  canLogAttendance,
  canManageIndustries,
  canManageSettings,
  canManageUsers,
  canReviewApplications,
  hasRole,
} from '../../../domain/roles/roles';
import type { PanelLink } from '../../components/skip-links/skip-links';
import { MEETING_PANELS } from '../../features/attendance/panel-links';
import { REFERRAL_PANELS } from '../../features/referrals/panel-links';
import { lazyPart } from '../../lib/lazy-part';

export interface DashboardTab {
  id: string;
  label: string | ((user: AuthUser) => string);
  /** Who sees the tab. */
  visible: (user: AuthUser) => boolean;
  /** The tab's content, loaded when the tab opens; none for the spec's 'Coming Soon' tabs. */
  Panel?: ComponentType<{ user: AuthUser }>;
  /** Its panels, each a skip link at the top of the page while the tab is open. */
  skipLinks?: readonly PanelLink[];
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
    Panel: lazyPart(
      'features/profile/components/profile-tab.tsx',
      () => import('../../features/profile/components/profile-tab'),
    ),
  },
  {
    id: 'account',
    label: 'Account Settings',
    visible: () => true,
    Panel: lazyPart('app/dashboard/account-settings-panel.tsx', () => import('./account-settings-panel')),
  },
  {
    id: 'users',
    label: 'User Management',
    visible: (user) => canManageUsers(user.role),
    Panel: lazyPart(
      'features/admin/components/user-management-tab.tsx',
      () => import('../../features/admin/components/user-management-tab'),
    ),
  },
  {
    id: 'referrals',
    label: 'Referral Metrics',
    visible: (user) => hasRole(user.role, 'MEMBER'),
    Panel: lazyPart('app/dashboard/referral-metrics-panel.tsx', () => import('./referral-metrics-panel')),
    skipLinks: REFERRAL_PANELS,
  },
  {
    id: 'industries',
    label: 'Industries',
    visible: (user) => canManageIndustries(user.role),
    Panel: lazyPart(
      'features/admin/components/industries-tab.tsx',
      () => import('../../features/admin/components/industries-tab'),
    ),
  },
  {
    id: 'applications',
    label: (user) => (canReviewApplications(user.role) ? 'Applications' : 'Application Status'),
    visible: () => true,
    Panel: lazyPart('app/dashboard/applications-panel.tsx', () => import('./applications-panel')),
  },
  {
    id: 'attendance',
    label: 'Attendance',
    visible: (user) => canLogAttendance(user.role),
    Panel: lazyPart(
      'features/attendance/components/attendance-tab.tsx',
      () => import('../../features/attendance/components/attendance-tab'),
    ),
    skipLinks: MEETING_PANELS,
  },
  {
    id: 'settings',
    label: 'Settings',
    visible: (user) => canManageSettings(user.role),
    Panel: lazyPart(
      'features/admin/components/settings-tab.tsx',
      () => import('../../features/admin/components/settings-tab'),
    ),
  },
  {
    id: 'agency',
    label: 'Agency Overview',
    visible: (user) => hasRole(user.role, 'AGENCY_ADMIN'),
    Panel: lazyPart(
      'features/chapters/components/agency-overview-tab.tsx',
      () => import('../../features/chapters/components/agency-overview-tab'),
    ),
  },
  {
    id: 'chapters',
    label: 'Chapters',
    visible: (user) => hasRole(user.role, 'AGENCY_ADMIN'),
    Panel: lazyPart(
      'features/chapters/components/chapters-tab.tsx',
      () => import('../../features/chapters/components/chapters-tab'),
    ),
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

/** The open tab's panels as skip links: `/dashboard` only, its tab as the dashboard resolves it. */
export function dashboardSkipLinks(user: AuthUser, requested: string | null): readonly PanelLink[] {
  const active = initialTab(user, dashboardTabs(user), requested);
  return DASHBOARD_TABS.find((tab) => tab.id === active)?.skipLinks ?? [];
}

/** A GUEST starts on Applications; everyone else on Referral Metrics. */
export function initialTab(user: AuthUser, tabs: VisibleTab[], requested: string | null): string {
  const open = tabs.filter((t) => !t.comingSoon);
  if (requested && open.some((t) => t.id === requested)) return requested;
  if (user.role === 'GUEST') return 'applications';
  return open.some((t) => t.id === 'referrals') ? 'referrals' : (open[0]?.id ?? 'applications');
}
