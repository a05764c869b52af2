import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../domain/auth/contracts';
import { ROLES } from '../../../domain/roles/roles';
import { DASHBOARD_TABS, dashboardTabs, initialTab } from './dashboard-tabs';
import { dashboardSkipLinks, TAB_VISIBILITY } from './tab-choice';

const userWith = (role: (typeof ROLES)[number]) => ({ id: 'u', role }) as unknown as AuthUser;

describe('the skip links follow the tab the dashboard shows', () => {
  it('knows every tab with content, and only those', () => {
    expect(Object.keys(TAB_VISIBILITY).sort()).toEqual(
      DASHBOARD_TABS.filter((t) => t.Panel)
        .map((t) => t.id)
        .sort(),
    );
  });

  it("offers a tab's panels exactly when the dashboard opens that tab, for every role and request", () => {
    for (const role of ROLES) {
      const user = userWith(role);
      for (const requested of [null, 'referrals', 'attendance', 'users', 'my-articles', 'nonsense']) {
        const shown = initialTab(user, dashboardTabs(user), requested);
        const links = dashboardSkipLinks(user, requested).map((l) => l.panelId);
        const expected =
          shown === 'referrals'
            ? ['panel-record-referral', 'panel-pending-referrals', 'panel-referral-history']
            : shown === 'attendance'
              ? ['panel-meetings', 'panel-meeting']
              : [];
        expect(links, `${role} asking for ${requested}`).toEqual(expected);
      }
    }
  });
});
