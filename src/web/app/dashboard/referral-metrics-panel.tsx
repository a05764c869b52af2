import type { AuthUser } from '../../../domain/auth/contracts';
import { asPeriod } from '../../../domain/periods/periods';
import { hasRole } from '../../../domain/roles/roles';
import { AttendanceStatsCard } from '../../features/attendance/components/attendance-stats-card';
import { AwayCard } from '../../features/attendance/components/away-card';
import { MyWeekCard } from '../../features/attendance/components/my-week-card';
import { EducationUnitsCard } from '../../features/education-units/components/education-units-card';
import { OneToOnesPanel } from '../../features/one-to-ones/components/one-to-ones-panel';
import ReferralsTab from '../../features/referrals/components/referrals-tab';
import { TestimonialsCard } from '../../features/testimonials/components/testimonials-card';
import { InviteVisitorCard, MyCallsCard } from '../../features/visitors';
import { useUrlState } from '../../lib/use-url-state';

/**
 * The Referral Metrics tab with the attendance statistics card in its slot: two features, composed here,
 * counting the same period (kept in the address, so a reload or a shared link shows the same span).
 */
export default function ReferralMetricsPanel({ user }: { user: AuthUser }) {
  const [state, update] = useUrlState({ period: 'all' });
  const period = asPeriod(state.period);
  return (
    <ReferralsTab
      user={user}
      period={period}
      onPeriod={(next) => update({ period: next })}
      slipsCard={
        hasRole(user.role, 'MEMBER') && (
          <div className="space-y-6">
            <OneToOnesPanel userId={user.id} />
            <EducationUnitsCard />
            <TestimonialsCard userId={user.id} />
          </div>
        )
      }
      attendanceCard={
        <div className="space-y-6">
          {hasRole(user.role, 'MEMBER') && <MyWeekCard />}
          <AttendanceStatsCard period={period} />
          {hasRole(user.role, 'MEMBER') && <AwayCard />}
          {hasRole(user.role, 'MEMBER') && <MyCallsCard />}
          {hasRole(user.role, 'MEMBER') && <InviteVisitorCard />}
        </div>
      }
    />
  );
}
