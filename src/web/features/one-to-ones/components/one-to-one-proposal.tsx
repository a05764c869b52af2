import type { OneToOne } from '../../../../domain/one-to-ones/contracts';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/dates';
import { toastApiError } from '../../../lib/toast-api-error';
import { useAnswerOneToOneProposal, useWithdrawOneToOneProposal } from '../api/one-to-one-queries';

/** A change or removal waiting on a closed week's one-to-one: the other member answers, the proposer may withdraw. */
export function OneToOneProposalPanel({ oneToOne }: { oneToOne: OneToOne }) {
  const answer = useAnswerOneToOneProposal();
  const withdraw = useWithdrawOneToOneProposal();
  const proposal = oneToOne.proposal;
  if (!proposal) return null;
  const name = oneToOne.other?.name ?? 'The other member';
  const what =
    proposal.kind === 'removal'
      ? 'remove it'
      : `move it to ${proposal.metOn ? formatDate(proposal.metOn) : 'another date'}`;
  const failed = (error: unknown) => toastApiError(error, 'We could not save that. Please try again.');
  const busy = answer.isPending || withdraw.isPending;
  return (
    <div
      className="mt-2 rounded-md border border-amber-200 bg-amber-50 p-2 text-sm text-slate-800"
      data-testid="one-to-one-proposal"
    >
      {proposal.proposedByMe ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p>
            You asked to {what}. {name} has not answered yet.
          </p>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() =>
              withdraw.mutate(proposal.id, {
                onSuccess: () => toast({ title: 'Request withdrawn', description: `${name} is told.` }),
                onError: failed,
              })
            }
          >
            Withdraw
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p>
            {name} asks to {what}.
          </p>
          <div className="flex gap-2">
            {(['accepted', 'declined'] as const).map((decision) => (
              <Button
                key={decision}
                size="sm"
                variant={decision === 'accepted' ? 'default' : 'outline'}
                disabled={busy}
                onClick={() =>
                  answer.mutate(
                    { id: proposal.id, decision },
                    {
                      onSuccess: () =>
                        toast({
                          title: decision === 'accepted' ? 'Accepted' : 'Declined',
                          description: `${name} is told.`,
                        }),
                      onError: failed,
                    },
                  )
                }
              >
                {decision === 'accepted' ? 'Accept' : 'Decline'}
              </Button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
