import type { AuthUser } from '../../../../domain/auth/contracts';
import { MetricsCards } from './metrics-cards';
import { PendingReferrals } from './pending-referrals';
import { ReferralManagement } from './referral-forms';
import { ReferralHistory } from './referral-history';

/** The dashboard's Referral Metrics tab (spec section 2): figures, commission, then the referral panels. */
export default function ReferralsTab({ user }: { user: AuthUser }) {
  return (
    <div className="space-y-6">
      <MetricsCards />
      <ReferralManagement userId={user.id} />
      <PendingReferrals userId={user.id} />
      <ReferralHistory userId={user.id} />
    </div>
  );
}
