import { formatUsd, formatUsdWhole, parseCents } from '../../../../domain/money';
import { monthRangeLabel, type Period, PREVIOUS_LABELS } from '../../../../domain/periods/periods';
import type { PeriodMetrics, ReferralMetrics } from '../../../../domain/referrals/contracts';
import { Trend } from '../../../components/figures/trend';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useReferralMetrics } from '../api/referral-queries';
import { CommissionEditor } from './commission-editor';

interface FigureLine {
  label: string;
  /** The figure of a period's metrics, shown, and as a number to compare with the period before. */
  shown: (m: ReferralMetrics) => string;
  amount: (m: ReferralMetrics) => number;
  hint: (m: ReferralMetrics) => string;
  testId: string;
}

function Figure({
  line,
  metrics,
  previous,
  against,
}: {
  line: FigureLine;
  metrics: ReferralMetrics;
  previous: ReferralMetrics | null;
  against: string;
}) {
  return (
    <Card className="p-4">
      <p className="text-sm text-slate-600">{line.label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900" data-testid={line.testId}>
        {line.shown(metrics)}
      </p>
      {previous && (
        <Trend
          current={line.amount(metrics)}
          previous={line.amount(previous)}
          text={`vs ${line.shown(previous)} ${against}`}
          testId={`${line.testId}-previous`}
        />
      )}
      <p className="mt-1 text-xs text-slate-600">{line.hint(metrics)}</p>
    </Card>
  );
}

const cents = (value: string) => parseCents(value) ?? 0;

/**
 * The original tool's names read backwards to many members (giving a referral raises "Revenue Received"), so each
 * figure says in one line where it comes from. Approved referrals only, as the figures count.
 */
const LINES: FigureLine[] = [
  {
    label: 'Referrals Given',
    shown: (m) => String(m.referralsGiven),
    amount: (m) => m.referralsGiven,
    hint: () => 'approved referrals you gave',
    testId: 'metric-given',
  },
  {
    label: 'Referrals Received',
    shown: (m) => String(m.referralsReceived),
    amount: (m) => m.referralsReceived,
    hint: () => 'approved referrals you received',
    testId: 'metric-received',
  },
  {
    label: 'Revenue Received',
    shown: (m) => formatUsd(m.revenueReceived),
    amount: (m) => cents(m.revenueReceived),
    hint: () => 'from referrals you gave',
    testId: 'metric-revenue-received',
  },
  {
    label: 'Revenue Given',
    shown: (m) => formatUsd(m.revenueGiven),
    amount: (m) => cents(m.revenueGiven),
    hint: () => 'closed from referrals you received',
    testId: 'metric-revenue-given',
  },
  {
    label: 'Commission Earned',
    shown: (m) => formatUsdWhole(m.commissionEarned),
    amount: (m) => cents(m.commissionEarned),
    hint: () => 'your rate on revenue from referrals you gave',
    testId: 'metric-commission',
  },
  {
    label: 'Network ROI',
    shown: (m) => formatUsdWhole(m.roiAmount),
    amount: (m) => cents(m.roiAmount),
    hint: (m) => `${m.roiPercent}% of ${formatUsdWhole(m.dues)} dues`,
    testId: 'metric-roi',
  },
];

function Figures({ metrics }: { metrics: PeriodMetrics }) {
  const hasCommission = cents(metrics.commissionPercent) > 0;
  const against = metrics.period === 'all' ? '' : PREVIOUS_LABELS[metrics.period];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      {LINES.filter((line) => hasCommission || line.testId !== 'metric-commission').map((line) => (
        <Figure
          key={line.testId}
          line={line}
          metrics={metrics}
          previous={metrics.previous}
          against={against}
        />
      ))}
    </div>
  );
}

/** The Referral Metrics tab's figures over `period` and the commission rate editor. */
export function MetricsCards({ period = 'all' }: { period?: Period }) {
  const metrics = useReferralMetrics(period);
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
  const { data } = metrics;
  return (
    <div className="space-y-4">
      <div aria-busy={metrics.isFetching} className={metrics.isPlaceholderData ? 'opacity-60' : undefined}>
        {data.from && data.to && (
          <p className="mb-2 text-sm text-slate-600" data-testid="metrics-span">
            {monthRangeLabel(data.from, data.to)}
          </p>
        )}
        <Figures metrics={data} />
      </div>
      <CommissionEditor commissionPercent={data.commissionPercent} />
    </div>
  );
}
