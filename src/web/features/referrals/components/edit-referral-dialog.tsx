import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EARLIEST_DATE, todayIn } from '../../../../domain/dates';
import type { editReferralSchema, ReferralEvent } from '../../../../domain/referrals/contracts';
import { counterpartName, describeFieldChange } from '../../../../domain/referrals/names';
import { canWithdrawProposal, needsAgreement } from '../../../../domain/referrals/policy';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import {
  applyServerErrors,
  DateField,
  Form,
  MoneyField,
  TextareaField,
  TextField,
} from '../../../components/ui/form';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/dates';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toastApiError } from '../../../lib/toast-api-error';
import { useEditReferral, useReferralEvents } from '../api/referral-queries';
import type { ReferralDialogProps } from './referral-dialog-props';

const EVENT_VERBS: Record<ReferralEvent['kind'], string> = {
  created: 'recorded it',
  approved: 'approved it',
  declined: 'declined it',
  edited: 'changed',
  deleted: 'deleted it',
  change_proposed: 'proposed changing',
  change_accepted: 'accepted the change of',
  change_declined: 'declined the change of',
  change_withdrawn: 'withdrew the proposed change of',
  removal_requested: 'asked to remove it',
  removal_accepted: 'accepted its removal',
  removal_declined: 'declined its removal',
  removal_withdrawn: 'withdrew the removal request',
};
/** The lines that list field changes after the verb. */
const WITH_CHANGES = new Set<ReferralEvent['kind']>([
  'edited',
  'change_proposed',
  'change_accepted',
  'change_declined',
  'change_withdrawn',
]);
function History({ id }: { id: string }) {
  const events = useReferralEvents(id);
  if (!events.data) return null;
  return (
    <section aria-labelledby="referral-history-heading" className="space-y-1">
      <h3 id="referral-history-heading" className="text-sm font-semibold text-slate-900">
        History
      </h3>
      <ul className="space-y-1 text-sm text-slate-700" data-testid="referral-events">
        {events.data.map((e) => (
          <li key={e.id}>
            {formatDate(e.createdAt)}: {e.actorName ?? 'A former member'} {EVENT_VERBS[e.kind]}
            {WITH_CHANGES.has(e.kind) && ` ${e.changes.map(describeFieldChange).join(', ')}`}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Edit Referral: amount, customer, date and notes; the status only changes through approval. On an
 * approved referral a new amount or sale date goes to the other member to accept (the form starts from
 * my own waiting proposal, if any); customer and notes change at once.
 */
export function EditReferralDialog({ referral, userId, onClose }: ReferralDialogProps) {
  const edit = useEditReferral();
  const asks = needsAgreement(referral);
  const other = counterpartName(referral, userId);
  const myChange =
    referral.proposal?.kind === 'change' && canWithdrawProposal(userId, referral.proposal)
      ? referral.proposal
      : null;
  const form = useForm<z.input<typeof editReferralSchema>, unknown, z.output<typeof editReferralSchema>>({
    resolver: lazyZodResolver(() =>
      import('../../../../domain/referrals/contracts').then((m) => m.editReferralSchema),
    ),
    defaultValues: {
      amount: myChange?.amount ?? referral.amount,
      customerName: referral.customerName ?? '',
      saleDate: myChange?.saleDate ?? referral.saleDate,
      notes: referral.notes ?? '',
    },
  });
  const onSubmit = form.handleSubmit((values) =>
    edit.mutate(
      { ...values, id: referral.id },
      {
        onSuccess: (saved) => {
          const proposed =
            saved.proposal?.kind === 'change' && saved.proposal.proposedById === userId && saved.proposal;
          toast(
            proposed && proposed.id !== myChange?.id
              ? {
                  title: 'Change proposed',
                  description: `${other} will be asked to accept it. Until then the approved values count.`,
                }
              : { title: 'Referral updated successfully' },
          );
          onClose();
        },
        onError: (err) => {
          applyServerErrors(form, err);
          toastApiError(err, 'Failed to update referral');
        },
      },
    ),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Edit Referral</DialogTitle>
        <DialogDescription>
          {asks
            ? `This referral is approved: a new amount or sale date goes to ${other} to accept, and until then the approved values count. Customer and notes change at once.`
            : 'Correct the amount, customer, date or notes. The other member is told what changed.'}
        </DialogDescription>
        <Form form={form} idPrefix="edit-" onSubmit={onSubmit} className="space-y-3">
          <MoneyField name="amount" label="Amount" />
          <DateField name="saleDate" label="Sale date" min={EARLIEST_DATE} max={todayIn()} />
          <TextField name="customerName" label="Customer name" />
          <TextareaField name="notes" label="Notes" rows={3} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={edit.isPending}>
              Cancel
            </Button>
            <Button type="submit" pending={edit.isPending}>
              {edit.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </Form>
        <History id={referral.id} />
      </DialogContent>
    </Dialog>
  );
}
