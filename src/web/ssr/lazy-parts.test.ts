import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../domain/auth/contracts';
import type { Role } from '../../domain/roles/roles';
import { paintedLazyParts } from './lazy-parts';

const user = (role: Role) => ({ id: 'u1', role }) as AuthUser;
const CHROME = ['components/layout/user-menu.tsx', 'features/notifications/components/notification-bell.tsx'];

/** Issue 49.3: a painted page names the lazily loaded parts it shows, by their module in the build. */
describe('the lazy parts of a painted page', () => {
  it.each([
    ['MEMBER', '/dashboard', 'app/dashboard/referral-metrics-panel.tsx'],
    ['AGENCY_ADMIN', '/dashboard', 'app/dashboard/referral-metrics-panel.tsx'],
    // A guest lands on their application (spec section 2).
    ['GUEST', '/dashboard', 'app/dashboard/applications-panel.tsx'],
    ['MEMBER', '/dashboard?tab=account', 'app/dashboard/account-settings-panel.tsx'],
    ['LEADERSHIP', '/dashboard?tab=applications', 'app/dashboard/applications-panel.tsx'],
    // A tab the reader cannot open falls back to where they land.
    ['GUEST', '/dashboard?tab=referrals', 'app/dashboard/applications-panel.tsx'],
  ] as const)('a %s at %s: the header’s menu and bell, and %s', (role, url, tab) => {
    expect(paintedLazyParts(url, user(role))).toEqual([...CHROME, tab]);
  });

  it('names only the header’s parts elsewhere, and nothing for a visitor', () => {
    expect(paintedLazyParts('/members', user('MEMBER'))).toEqual(CHROME);
    expect(paintedLazyParts('/dashboard', null)).toEqual([]);
  });
});
