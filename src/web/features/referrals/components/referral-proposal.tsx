import { formatUsd } from '../../../../domain/money';
import { proposedChanges } from '../../../../domain/referrals/changes';
import type { Referral, ReferralProposal } from '../../../../domain/referrals/contracts';
import { counterpartName } from '../../../../domain/referrals/names';
import { canAnswerProposal, canWithdrawProposal } from '../../../../domain/referrals/policy';
import type { ProposalDecision } from '../../../../domain/referrals/status';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/dates';
import { toastApiError } from '../../../lib/toast-api-error';
import { useAnswerProposal, useWithdrawProposal } from '../api/referral-queries';

const ANSWERED: Record<ReferralProposal['kind'], Record<ProposalDecision, string>> = {
  change: { accepted: 'Change accepted', declined: 'Change declined' },
  removal: { accepted: 'Referral removed', declined: 'Removal declined' },
};

/** How the comparison names and shows the two fields a proposal may change. */
const COMPARED: Record<string, { label: string; show: (value: string) => string }> = {
  amount: { label: 'Amount', show: formatUsd },
  saleDate: { label: 'Sale date', show: formatDate },
};

/** The approved values beside the proposed ones, for each field the proposal changes. */
function Comparison({ referral, proposal }: { referral: Referral; proposal: ReferralProposal }) {
  const rows = proposedChanges(referral, proposal).map(({ field, from, to }) => {
    const { label, show } = COMPARED[field]!;
    return [label, show(from!), show(to!)] as const;
  });
  return (
    <table className="mt-2 w-full max-w-md text-left text-sm">
      <thead>
        <tr className="text-xs text-slate-600">
          <th scope="col" className="font-medium">
            Field
          </th>
          <th scope="col" className="font-medium">
            Approved
          </th>
          <th scope="col" className="font-medium">
            Proposed
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([field, from, to]) => (
          <tr key={field}>
            <th scope="row" className="font-normal text-slate-700">
              {field}
            </th>
            <td className="text-slate-700 line-through decoration-slate-400">{from}</td>
            <td className="font-semibold text-slate-900">{to}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A change or removal of an approved referral that waits for an answer: the other party sees the
 * approved and proposed values side by side with Accept and Decline; the proposer sees it waiting, with
 * Withdraw. Until accepted, every figure keeps the approved values.
 */
export function ReferralProposalPanel({ referral, userId }: { referral: Referral; userId: string }) {
  const proposal = referral.proposal;
  const answer = useAnswerProposal();
  const withdraw = useWithdrawProposal();
  if (!proposal) return null;
  const other = counterpartName(referral, userId);
  const mine = canWithdrawProposal(userId, proposal);
  const busy = answer.isPending || withdraw.isPending;
  const removal = proposal.kind === 'removal';
  const headline = mine
    ? removal
      ? `You asked to remove this referral. Waiting for ${other} to accept.`
      : `You proposed a change. Waiting for ${other} to accept; until then the approved values count.`
    : removal
      ? `${other} asks to remove this approved referral. If you accept, it no longer counts for either of you.`
      : `${other} proposes a change to this approved referral. Until you accept, the approved values count.`;
  const decide = (decision: ProposalDecision) =>
    answer.mutate(
      { id: proposal.id, decision },
      {
        onSuccess: () => toast({ title: ANSWERED[proposal.kind][decision] }),
        onError: (err) => toastApiError(err, 'Failed to update referral'),
      },
    );
  return (
    <section
      className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3"
      data-testid="referral-proposal"
      aria-label={removal ? 'Removal request' : 'Proposed change'}
    >
      <p className="text-sm text-slate-900">{headline}</p>
      {!removal && <Comparison referral={referral} proposal={proposal} />}
      <div className="mt-2 flex flex-wrap gap-2">
        {canAnswerProposal(userId, referral, proposal) && (
          <>
            <Button size="sm" onClick={() => decide('accepted')} disabled={busy}>
              {removal ? 'Accept removal' : 'Accept change'}
            </Button>
            <Button size="sm" variant="outline" onClick={() => decide('declined')} disabled={busy}>
              Decline
            </Button>
          </>
        )}
        {mine && (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() =>
              withdraw.mutate(proposal.id, {
                onSuccess: () => toast({ title: removal ? 'Removal request withdrawn' : 'Change withdrawn' }),
                onError: (err) => toastApiError(err, 'Failed to update referral'),
              })
            }
          >
            Withdraw
          </Button>
        )}
      </div>
    </section>
  );
}
