import { TrendingUp } from 'lucide-react';
import { formatUsd } from '../../../../domain/money';
import { useNetworkStats } from '../api/directory-queries';

/** The public, network-wide total of approved referral revenue, as a green 'generated' badge. */
export function RevenueBadge() {
  const { data } = useNetworkStats();
  if (!data) return null;
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full bg-green-700 px-3 py-1 text-sm font-semibold text-white"
      data-testid="revenue-badge"
    >
      <TrendingUp aria-hidden className="size-4" />
      {formatUsd(data.totalRevenue)} generated
    </span>
  );
}
