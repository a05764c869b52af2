import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../domain/auth/contracts';
import type { Role } from '../../../domain/roles/roles';
import { dashboardTabs, initialTab } from './dashboard-tabs';

const userOf = (role: Role): AuthUser => ({
  id: 'u',
  email: 'u@example.com',
  role,
  firstName: 'U',
  lastName: 'Ser',
  businessName: null,
  slug: 'u-ser',
  profileImageUrl: null,
  avatarColor: null,
  hasApplication: false,
  applicationStatus: null,
});

describe('the dashboard tab registry', () => {
  it('shows each role its tabs, with labels for that role', () => {
    expect(dashboardTabs(userOf('GUEST')).map((t) => t.label)).toEqual([
      'Public Profile',
      'Account Settings',
      'Application Status',
    ]);
    expect(dashboardTabs(userOf('MEMBER')).map((t) => t.label)).toEqual([
      'Public Profile',
      'Account Settings',
      'Referral Metrics',
      'Application Status',
      'My Articles',
    ]);
    expect(dashboardTabs(userOf('LEADERSHIP')).map((t) => [t.label, t.comingSoon])).toEqual([
      ['Public Profile', false],
      ['Account Settings', false],
      ['Referral Metrics', false],
      ['Applications', false],
      ['Attendance', false],
      ['Visitors', false],
      ['My Articles', true],
      ['Article Review', true],
    ]);
    // The administration tabs: network admins and above only.
    const adminTabs = [
      'Public Profile',
      'Account Settings',
      'User Management',
      'Referral Metrics',
      'Industries',
      'Applications',
      'Attendance',
      'Visitors',
      'Settings',
    ];
    expect(dashboardTabs(userOf('NETWORK_ADMIN')).map((t) => t.label)).toEqual([
      ...adminTabs,
      'My Articles',
      'Article Review',
    ]);
    // The agency's own tabs, for agency administrators only.
    expect(dashboardTabs(userOf('AGENCY_ADMIN')).map((t) => t.label)).toEqual([
      ...adminTabs,
      'Agency Overview',
      'Chapters',
      'My Articles',
      'Article Review',
    ]);
    expect(initialTab(userOf('LEADERSHIP'), dashboardTabs(userOf('LEADERSHIP')), 'users')).toBe('referrals');
  });

  it('opens the requested tab only when it can be opened', () => {
    const leader = userOf('LEADERSHIP');
    const tabs = dashboardTabs(leader);
    expect(initialTab(leader, tabs, 'applications')).toBe('applications');
    // Everyone but a guest starts on Referral Metrics.
    expect(initialTab(leader, tabs, 'my-articles')).toBe('referrals');
    expect(initialTab(leader, tabs, 'nope')).toBe('referrals');
    const guest = userOf('GUEST');
    expect(initialTab(guest, dashboardTabs(guest), 'referrals')).toBe('applications');
  });
});
