import { formatUsd } from '../../../../domain/money';
import type { Referral } from '../../../../domain/referrals/contracts';
import { counterpartName, isGiven } from '../../../../domain/referrals/names';
import { QueryState } from '../../../components/list/query-state';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/dates';
import { toastApiError } from '../../../lib/toast-api-error';
import { useDecideReferral, usePendingReferrals } from '../api/referral-queries';

function PendingRow({ referral, userId }: { referral: Referral; userId: string }) {
  const decide = useDecideReferral();
  const act = (status: 'approved' | 'declined') =>
    decide.mutate(
      { id: referral.id, status },
      {
        onSuccess: () => toast({ title: status === 'approved' ? 'Referral Approved' : 'Referral Declined' }),
        onError: (err) => toastApiError(err, 'Failed to update referral status'),
      },
    );
  const who = counterpartName(referral, userId);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="pending-referral">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {isGiven(referral, userId) ? `${who} reported your referral` : `${who} credited you`}
          {referral.customerName ? ` · ${referral.customerName}` : ''}
        </p>
        <p className="text-sm text-slate-600">
          {formatUsd(referral.amount)} · {formatDate(referral.saleDate)}
        </p>
      </div>
      <div className="flex gap-2">
        <Button size="sm" onClick={() => act('approved')} disabled={decide.isPending}>
          Approve
        </Button>
        <Button size="sm" variant="outline" onClick={() => act('declined')} disabled={decide.isPending}>
          Decline
        </Button>
      </div>
    </li>
  );
}

/** Referrals awaiting my decision (the other party created them), each with Approve and Decline. */
export function PendingReferrals({ userId }: { userId: string }) {
  const pending = usePendingReferrals();
  return (
    // Notifications link here (#pending-referrals); the margin keeps it clear of the sticky header.
    <Card id="pending-referrals" className="scroll-mt-20 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Pending Referrals</h2>
      <QueryState
        query={pending}
        loading={<Spinner />}
        error="We could not load your pending referrals. Please try again."
        empty="No pending referrals at this time"
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <ul className="divide-y divide-slate-100">
            {rows.map((r) => (
              <PendingRow key={r.id} referral={r} userId={userId} />
            ))}
          </ul>
        )}
      </QueryState>
    </Card>
  );
}
