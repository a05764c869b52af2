import { formatUsd, formatUsdWhole, parseCents } from '../../../../domain/money';
import type { ReferralMetrics } from '../../../../domain/referrals/contracts';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useReferralMetrics } from '../api/referral-queries';
import { CommissionEditor } from './commission-editor';

function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint: string;
  testId: string;
}) {
  return (
    <Card className="p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900" data-testid={testId}>
        {value}
      </p>
      <p className="mt-1 text-xs text-slate-600">{hint}</p>
    </Card>
  );
}

/**
 * The spec's names read backwards to many members (giving a referral raises "Revenue Received"), so each
 * figure says in one line where it comes from. Approved referrals only, as the figures count.
 */
function Figures({ metrics }: { metrics: ReferralMetrics }) {
  const hasCommission = (parseCents(metrics.commissionPercent) ?? 0) > 0;
  const figures = [
    ['Referrals Given', String(metrics.referralsGiven), 'approved referrals you gave', 'metric-given'],
    [
      'Referrals Received',
      String(metrics.referralsReceived),
      'approved referrals you received',
      'metric-received',
    ],
    [
      'Revenue Received',
      formatUsd(metrics.revenueReceived),
      'from referrals you gave',
      'metric-revenue-received',
    ],
    [
      'Revenue Given',
      formatUsd(metrics.revenueGiven),
      'closed from referrals you received',
      'metric-revenue-given',
    ],
    ...(hasCommission
      ? [
          [
            'Commission Earned',
            formatUsdWhole(metrics.commissionEarned),
            'your rate on revenue from referrals you gave',
            'metric-commission',
          ],
        ]
      : []),
    [
      'Network ROI',
      formatUsdWhole(metrics.roiAmount),
      `${metrics.roiPercent}% of ${formatUsdWhole(metrics.dues)} dues`,
      'metric-roi',
    ],
  ] as const;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      {figures.map(([label, value, hint, testId]) => (
        <Figure key={testId} label={label} value={value} hint={hint} testId={testId} />
      ))}
    </div>
  );
}

/** The Referral Metrics tab's figures and the commission rate editor. */
export function MetricsCards() {
  const metrics = useReferralMetrics();
  if (metrics.isError)
    return (
      <p role="alert" className="text-red-700">
        We could not load your referral metrics. Please try again.
      </p>
    );
  if (!metrics.data)
    return (
      <div aria-busy="true" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    );
  return (
    <div className="space-y-4">
      <Figures metrics={metrics.data} />
      <CommissionEditor commissionPercent={metrics.data.commissionPercent} />
    </div>
  );
}
