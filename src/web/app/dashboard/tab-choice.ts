import type { AuthUser } from '../../../domain/auth/contracts';
import {
  canLogAttendance,
  canManageIndustries,
  canManageSettings,
  canManageUsers,
  hasRole,
} from '../../../domain/roles/roles';
import type { PanelLink } from '../../components/skip-links/skip-links';
import { MEETING_PANELS } from '../../features/attendance/panel-links';
import { REFERRAL_PANELS } from '../../features/referrals/panel-links';

/**
 * Who sees each dashboard tab that has content, without the tabs' code: the page's layout reads it on every
 * page (for the skip links), so it stays out of the registry that names each tab's lazily loaded panel.
 */
export const TAB_VISIBILITY = {
  profile: () => true,
  account: () => true,
  users: (user: AuthUser) => canManageUsers(user.role),
  referrals: (user: AuthUser) => hasRole(user.role, 'MEMBER'),
  industries: (user: AuthUser) => canManageIndustries(user.role),
  applications: () => true,
  attendance: (user: AuthUser) => canLogAttendance(user.role),
  settings: (user: AuthUser) => canManageSettings(user.role),
  visitors: (user: AuthUser) => hasRole(user.role, 'LEADERSHIP'),
  agency: (user: AuthUser) => hasRole(user.role, 'AGENCY_ADMIN'),
  chapters: (user: AuthUser) => hasRole(user.role, 'AGENCY_ADMIN'),
} satisfies Record<string, (user: AuthUser) => boolean>;

/** The tab shown: the one asked for when it is open to the user; else a GUEST's Applications, anyone else's Referral Metrics. */
export function chooseTab(user: AuthUser, openIds: readonly string[], requested: string | null): string {
  if (requested && openIds.includes(requested)) return requested;
  if (user.role === 'GUEST') return 'applications';
  return openIds.includes('referrals') ? 'referrals' : (openIds[0] ?? 'applications');
}

/** Each tab's panels, as skip links at the top of the page while it is open. */
const TAB_PANELS: Partial<Record<string, readonly PanelLink[]>> = {
  referrals: REFERRAL_PANELS,
  attendance: MEETING_PANELS,
};

/** The open tab's panels as skip links, its tab chosen as the dashboard chooses it. */
export function dashboardSkipLinks(user: AuthUser, requested: string | null): readonly PanelLink[] {
  const open = Object.entries(TAB_VISIBILITY)
    .filter(([, visible]) => visible(user))
    .map(([id]) => id);
  return TAB_PANELS[chooseTab(user, open, requested)] ?? [];
}
