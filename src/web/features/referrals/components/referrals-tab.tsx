import type { ReactNode } from 'react';
import { useSearch } from 'wouter';
import type { AuthUser } from '../../../../domain/auth/contracts';
import type { Period } from '../../../../domain/periods/periods';
import { PeriodPicker } from '../../../components/figures/period-picker';
import { useHighlightTarget } from '../../../components/ui/highlight';
import { useReadsSettled } from '../../../lib/use-reads-settled';
import { REFERRAL_PANELS } from '../panel-links';
import { MetricsCards } from './metrics-cards';
import { PendingReferrals } from './pending-referrals';
import { ReferralManagement } from './referral-forms';
import { ReferralHistory } from './referral-history';

/**
 * The dashboard's Referral Metrics tab: figures, commission, the attendance card (passed in
 * by the dashboard, which composes features), then the referral panels.
 */
export default function ReferralsTab({
  user,
  attendanceCard,
  slipsCard,
  period = 'all',
  onPeriod,
}: {
  user: AuthUser;
  attendanceCard?: ReactNode;
  /** The other slips beside referrals (one-to-ones), passed in by the dashboard too. */
  slipsCard?: ReactNode;
  /** The span the figures and the attendance card count, kept by the dashboard. */
  period?: Period;
  onPeriod?: (period: Period) => void;
}) {
  // A notification's link names its referral (`?referral=<id>`): show that one, in the waiting lists
  // when it waits there (so they must have loaded), else in the history; and only once every card has
  // arrived, since the cards above would push it out of view as they load.
  useHighlightTarget(new URLSearchParams(useSearch()).get('referral'), useReadsSettled());
  return (
    <div className="space-y-6">
      {onPeriod && <PeriodPicker value={period} onChange={onPeriod} />}
      <MetricsCards period={period} />
      {slipsCard}
      {attendanceCard}
      <div id={REFERRAL_PANELS[0].panelId}>
        <ReferralManagement userId={user.id} />
      </div>
      <div id={REFERRAL_PANELS[1].panelId}>
        <PendingReferrals userId={user.id} />
      </div>
      <div id={REFERRAL_PANELS[2].panelId}>
        <ReferralHistory userId={user.id} />
      </div>
    </div>
  );
}
