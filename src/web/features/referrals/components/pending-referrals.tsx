import { formatUsd } from '../../../../domain/money';
import type { Referral } from '../../../../domain/referrals/contracts';
import { counterpartName, isGiven } from '../../../../domain/referrals/names';
import { EnteredByNote } from '../../../components/entered-by-note';
import { LoadMore } from '../../../components/list/load-more';
import { QueryState } from '../../../components/list/query-state';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { HIGHLIGHT_ID, highlightClass } from '../../../components/ui/highlight';
import { Spinner } from '../../../components/ui/spinner';
import { useUndoableAction } from '../../../components/ui/undo';
import { formatDate } from '../../../lib/dates';
import { loadedItems } from '../../../lib/paged-query';
import { toastApiError } from '../../../lib/toast-api-error';
import { cn } from '../../../lib/utils';
import { useDecideReferral, usePendingReferrals, useReferralProposals } from '../api/referral-queries';
import { ReferralProposalPanel } from './referral-proposal';

const HEADING_ID = 'pending-referrals-heading';

/**
 * One referral awaiting my answer. Approve and Decline are final, so each waits behind an Undo toast:
 * the row leaves at once and comes back, focused, if the member undoes.
 */
function PendingRow({ referral, userId }: { referral: Referral; userId: string }) {
  const decide = useDecideReferral();
  const { held, hold, focusOnUndo } = useUndoableAction();
  const who = counterpartName(referral, userId);
  const act = (status: 'approved' | 'declined') =>
    hold({
      title: status === 'approved' ? 'Referral Approved' : 'Referral Declined',
      description: `${who} · ${formatUsd(referral.amount)}`,
      send: () => decide.mutateAsync({ id: referral.id, status }),
      onFailed: (err) => toastApiError(err, 'Failed to update referral status'),
      moveFocusTo: document.getElementById(HEADING_ID),
    });
  if (held) return null;
  return (
    <li
      className={cn('flex flex-wrap items-center justify-between gap-3 py-3', highlightClass)}
      data-testid="pending-referral"
      {...{ [HIGHLIGHT_ID]: referral.id }}
    >
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {isGiven(referral, userId) ? `${who} reported your referral` : `${who} credited you`}
          {referral.customerName ? ` · ${referral.customerName}` : ''}
        </p>
        <p className="text-sm text-slate-600">
          {formatUsd(referral.amount)} · {formatDate(referral.saleDate)}
        </p>
        <EnteredByNote enteredBy={referral.enteredBy} />
      </div>
      <div className="flex gap-2">
        <Button ref={focusOnUndo} size="sm" onClick={() => act('approved')} disabled={decide.isPending}>
          Approve
        </Button>
        <Button size="sm" variant="outline" onClick={() => act('declined')} disabled={decide.isPending}>
          Decline
        </Button>
      </div>
    </li>
  );
}

/** An approved referral whose change or removal the other party asks me to accept. */
function ProposalRow({ referral, userId }: { referral: Referral; userId: string }) {
  const who = counterpartName(referral, userId);
  return (
    <li
      className={cn('py-3', highlightClass)}
      data-testid="pending-proposal"
      {...{ [HIGHLIGHT_ID]: referral.id }}
    >
      <p className="font-medium text-slate-900">
        {isGiven(referral, userId) ? `Given to ${who}` : `Received from ${who}`}
        {referral.customerName ? ` · ${referral.customerName}` : ''}
      </p>
      <p className="text-sm text-slate-600">
        {formatUsd(referral.amount)} · {formatDate(referral.saleDate)} · Approved
      </p>
      <ReferralProposalPanel referral={referral} userId={userId} />
    </li>
  );
}

/**
 * Referrals awaiting my decision (the other party created them), each with Approve and Decline, then
 * changes and removals of approved referrals the other party asks me to accept.
 */
export function PendingReferrals({ userId }: { userId: string }) {
  const pending = usePendingReferrals();
  const proposals = useReferralProposals();
  const waiting = proposals.data ?? [];
  return (
    // Notifications link here (#pending-referrals); the margin keeps it clear of the sticky header.
    <Card id="pending-referrals" className="scroll-mt-20 p-4 sm:p-6">
      <h2 id={HEADING_ID} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        Pending Referrals
      </h2>
      <QueryState
        query={loadedItems(pending)}
        loading={<Spinner />}
        error="We could not load your pending referrals. Please try again."
        empty="No pending referrals at this time"
        isEmpty={(list) => list.length === 0 && waiting.length === 0}
      >
        {(list) => (
          <>
            <ul className="divide-y divide-slate-100">
              {list.map((r) => (
                <PendingRow key={r.id} referral={r} userId={userId} />
              ))}
            </ul>
            <LoadMore query={pending} />
          </>
        )}
      </QueryState>
      {proposals.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          We could not load the changes waiting for your answer. Please try again.
        </p>
      )}
      {waiting.length > 0 && (
        <section aria-labelledby="proposals-heading" className="mt-4">
          <h3 id="proposals-heading" className="text-base font-semibold text-slate-900">
            Changes to approve
          </h3>
          <ul className="divide-y divide-slate-100">
            {waiting.map((r) => (
              <ProposalRow key={r.id} referral={r} userId={userId} />
            ))}
          </ul>
        </section>
      )}
    </Card>
  );
}
