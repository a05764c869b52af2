import type { AuthUser } from '../../../domain/auth/contracts';
import { AttendanceStatsCard } from '../../features/attendance/components/attendance-stats-card';
import ReferralsTab from '../../features/referrals/components/referrals-tab';

/** The Referral Metrics tab with the attendance statistics card in its slot: two features, composed here. */
export default function ReferralMetricsPanel({ user }: { user: AuthUser }) {
  return <ReferralsTab user={user} attendanceCard={<AttendanceStatsCard />} />;
}
