import type { ReactNode } from 'react';
import type { AuthUser } from '../../../../domain/auth/contracts';
import { MetricsCards } from './metrics-cards';
import { PendingReferrals } from './pending-referrals';
import { ReferralManagement } from './referral-forms';
import { ReferralHistory } from './referral-history';

/**
 * The dashboard's Referral Metrics tab (spec section 2): figures, commission, the attendance card (passed in
 * by the dashboard, which composes features), then the referral panels.
 */
export default function ReferralsTab({
  user,
  attendanceCard,
}: {
  user: AuthUser;
  attendanceCard?: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <MetricsCards />
      {attendanceCard}
      <ReferralManagement userId={user.id} />
      <PendingReferrals userId={user.id} />
      <ReferralHistory userId={user.id} />
    </div>
  );
}
