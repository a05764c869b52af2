import { Download, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { centsToDecimal, commissionCents, formatUsd, parseCents } from '../../../../domain/money';
import type { Referral } from '../../../../domain/referrals/contracts';
import { counterpartName, isGiven } from '../../../../domain/referrals/names';
import { canDeleteReferral, canEditReferral } from '../../../../domain/referrals/policy';
import { REFERRAL_STATUS_LABELS, REFERRAL_TYPE_LABELS } from '../../../../domain/referrals/status';
import { EnteredByNote } from '../../../components/entered-by-note';
import { LoadMore } from '../../../components/list/load-more';
import { QueryState } from '../../../components/list/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { HIGHLIGHT_ID, highlightClass } from '../../../components/ui/highlight';
import { SegmentedTabs } from '../../../components/ui/segmented-tabs';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/dates';
import { loadedItems } from '../../../lib/paged-query';
import { cn } from '../../../lib/utils';
import { useReferralHistory, useReferralMetrics, useReferralSummary } from '../api/referral-queries';
import { DeleteReferralDialog } from './delete-referral-dialog';
import { EditReferralDialog } from './edit-referral-dialog';
import { ReferralProposalPanel } from './referral-proposal';

const FILTERS = [
  { id: 'all', label: 'All Referrals' },
  { id: 'given', label: 'Given' },
  { id: 'received', label: 'Received' },
] as const;
type Filter = (typeof FILTERS)[number]['id'];

const STATUS_BADGE = { approved: 'success', declined: 'destructive', pending: 'secondary' } as const;

/**
 * The commission one referral earned me (2 decimals in the list): my rate on an approved
 * referral I gave, as the Commission Earned figure counts it; nothing when the rate is 0.
 */
function earnedCommission(referral: Referral, userId: string, commissionPercent: string | undefined) {
  if (!commissionPercent || (parseCents(commissionPercent) ?? 0) <= 0) return undefined;
  if (referral.status !== 'approved' || !isGiven(referral, userId)) return undefined;
  return centsToDecimal(commissionCents(parseCents(referral.amount) ?? 0, commissionPercent));
}

function Row({
  referral,
  userId,
  commissionPercent,
  onEdit,
  onDelete,
}: {
  referral: Referral;
  userId: string;
  commissionPercent: string | undefined;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const edited = referral.updatedAt !== referral.createdAt;
  const who = counterpartName(referral, userId);
  const commission = earnedCommission(referral, userId, commissionPercent);
  return (
    <li
      className={cn('flex flex-wrap items-start justify-between gap-3 py-3', highlightClass)}
      data-testid="referral-row"
      {...{ [HIGHLIGHT_ID]: referral.id }}
    >
      <div className="min-w-0 space-y-1">
        <p className="font-medium text-slate-900">
          {isGiven(referral, userId) ? `Given to ${who}` : `Received from ${who}`}
          {referral.customerName ? ` · ${referral.customerName}` : ''}
        </p>
        <p className="text-sm text-slate-600">
          {formatUsd(referral.amount)} · {formatDate(referral.saleDate)} ·{' '}
          {REFERRAL_TYPE_LABELS[referral.referralType]}
          {commission !== undefined && (
            <span data-testid="referral-commission"> · Commission {formatUsd(commission)}</span>
          )}
          {edited && <span className="ml-2 italic">Edited</span>}
        </p>
        <EnteredByNote enteredBy={referral.enteredBy} />
      </div>
      <div className="flex items-center gap-2">
        <Badge variant={STATUS_BADGE[referral.status] ?? 'outline'}>
          {REFERRAL_STATUS_LABELS[referral.status]}
        </Badge>
        {canEditReferral(userId, referral) && (
          <Button size="sm" variant="ghost" aria-label={`Edit referral with ${who}`} onClick={onEdit}>
            <Pencil aria-hidden />
          </Button>
        )}
        {canDeleteReferral(userId, referral) && (
          <Button size="sm" variant="ghost" aria-label={`Delete referral with ${who}`} onClick={onDelete}>
            <Trash2 aria-hidden />
          </Button>
        )}
      </div>
      {referral.proposal && (
        <div className="w-full">
          <ReferralProposalPanel referral={referral} userId={userId} />
        </div>
      )}
    </li>
  );
}

/** Total Referrals, Approved and Received Revenue, over every referral, not the pages. */
function Totals() {
  const summary = useReferralSummary();
  const figures = [
    ['Total Referrals', summary.data ? String(summary.data.total) : '…'],
    ['Approved', summary.data ? String(summary.data.approved) : '…'],
    ['Received Revenue', summary.data ? formatUsd(summary.data.receivedRevenue) : '…'],
  ];
  return (
    <dl className="mt-3 grid grid-cols-3 gap-3 text-center" aria-busy={summary.isLoading}>
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-md bg-slate-50 p-2">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Referral History: totals, All / Given / Received (each paged on the server, "Load more"), each row with
 * edit and delete, and the CSV export.
 */
export function ReferralHistory({ userId }: { userId: string }) {
  const [filter, setFilter] = useState<Filter>('all');
  const history = useReferralHistory(filter);
  const commissionPercent = useReferralMetrics().data?.commissionPercent;
  const [editing, setEditing] = useState<Referral | null>(null);
  const [deleting, setDeleting] = useState<Referral | null>(null);
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Referral History</h2>
        <a
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          href={`/api/referrals/transactions.csv?direction=${filter}`}
          download
        >
          <Download aria-hidden className="size-4" /> Export CSV
        </a>
      </div>
      <Totals />
      <SegmentedTabs
        label="Referral History"
        tabs={FILTERS}
        active={filter}
        onSelect={setFilter}
        className="mt-4"
      />
      <QueryState
        query={loadedItems(history)}
        loading={<Spinner />}
        error="We could not load your referral history. Please try again."
        empty="No referrals yet. Give or report one above."
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <>
            <ul className="mt-2 divide-y divide-slate-100" aria-busy={history.isPlaceholderData}>
              {list.map((r) => (
                <Row
                  key={r.id}
                  referral={r}
                  userId={userId}
                  commissionPercent={commissionPercent}
                  onEdit={() => setEditing(r)}
                  onDelete={() => setDeleting(r)}
                />
              ))}
            </ul>
            <LoadMore query={history} />
          </>
        )}
      </QueryState>
      {editing && <EditReferralDialog referral={editing} userId={userId} onClose={() => setEditing(null)} />}
      {deleting && (
        <DeleteReferralDialog referral={deleting} userId={userId} onClose={() => setDeleting(null)} />
      )}
    </Card>
  );
}
