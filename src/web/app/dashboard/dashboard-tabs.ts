import type { ComponentType } from 'react';
import type { AuthUser } from '../../../domain/auth/contracts';
import { canReviewApplications, hasRole } from '../../../domain/roles/roles';
import { lazyPart } from '../../lib/lazy-part';
import { chooseTab, TAB_VISIBILITY } from './tab-choice';

export interface DashboardTab {
  id: string;
  label: string | ((user: AuthUser) => string);
  /** Who sees the tab. */
  visible: (user: AuthUser) => boolean;
  /** The tab's content, loaded when the tab opens; none for the 'Coming Soon' tabs. */
  Panel?: ComponentType<{ user: AuthUser }>;
}

/**
 * Every dashboard tab, in order: the one place a feature adds its tab. This registry lives in app/, the
 * composition layer, so features never import each other's components.
 */
export const DASHBOARD_TABS: DashboardTab[] = [
  {
    id: 'profile',
    label: 'Public Profile',
    visible: TAB_VISIBILITY.profile,
    Panel: lazyPart(
      'features/profile/components/profile-tab.tsx',
      () => import('../../features/profile/components/profile-tab'),
    ),
  },
  {
    id: 'account',
    label: 'Account Settings',
    visible: TAB_VISIBILITY.account,
    Panel: lazyPart('app/dashboard/account-settings-panel.tsx', () => import('./account-settings-panel')),
  },
  {
    id: 'users',
    label: 'User Management',
    visible: TAB_VISIBILITY.users,
    Panel: lazyPart(
      'features/admin/components/user-management-tab.tsx',
      () => import('../../features/admin/components/user-management-tab'),
    ),
  },
  {
    id: 'referrals',
    label: 'Referral Metrics',
    visible: TAB_VISIBILITY.referrals,
    Panel: lazyPart('app/dashboard/referral-metrics-panel.tsx', () => import('./referral-metrics-panel')),
  },
  {
    id: 'industries',
    label: 'Industries',
    visible: TAB_VISIBILITY.industries,
    Panel: lazyPart(
      'features/admin/components/industries-tab.tsx',
      () => import('../../features/admin/components/industries-tab'),
    ),
  },
  {
    id: 'applications',
    label: (user) => (canReviewApplications(user.role) ? 'Applications' : 'Application Status'),
    visible: TAB_VISIBILITY.applications,
    Panel: lazyPart('app/dashboard/applications-panel.tsx', () => import('./applications-panel')),
  },
  {
    id: 'attendance',
    label: 'Attendance',
    visible: TAB_VISIBILITY.attendance,
    Panel: lazyPart(
      'features/attendance/components/attendance-tab.tsx',
      () => import('../../features/attendance/components/attendance-tab'),
    ),
  },
  {
    id: 'visitors',
    label: 'Visitors',
    visible: TAB_VISIBILITY.visitors,
    Panel: lazyPart(
      'features/visitors/components/chapter-visitors.tsx',
      () => import('../../features/visitors/components/chapter-visitors'),
    ),
  },
  {
    id: 'settings',
    label: 'Settings',
    visible: TAB_VISIBILITY.settings,
    Panel: lazyPart(
      'features/admin/components/settings-tab.tsx',
      () => import('../../features/admin/components/settings-tab'),
    ),
  },
  {
    id: 'agency',
    label: 'Agency Overview',
    visible: TAB_VISIBILITY.agency,
    Panel: lazyPart(
      'features/chapters/components/agency-overview-tab.tsx',
      () => import('../../features/chapters/components/agency-overview-tab'),
    ),
  },
  {
    id: 'chapters',
    label: 'Chapters',
    visible: TAB_VISIBILITY.chapters,
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

/** A GUEST starts on Applications; everyone else on Referral Metrics (the choice the skip links make too). */
export function initialTab(user: AuthUser, tabs: VisibleTab[], requested: string | null): string {
  return chooseTab(
    user,
    tabs.filter((t) => !t.comingSoon).map((t) => t.id),
    requested,
  );
}
