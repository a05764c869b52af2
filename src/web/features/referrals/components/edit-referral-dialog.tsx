import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EARLIEST_DATE, todayIn } from '../../../../domain/dates';
import { formatUsd } from '../../../../domain/money';
import {
  editReferralSchema,
  type Referral,
  type ReferralEvent,
} from '../../../../domain/referrals/contracts';
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
import { toastApiError } from '../../../lib/toast-api-error';
import { useEditReferral, useReferralEvents } from '../api/referral-queries';

const EVENT_VERBS: Record<ReferralEvent['kind'], string> = {
  created: 'recorded it',
  approved: 'approved it',
  declined: 'declined it',
  edited: 'changed',
  deleted: 'deleted it',
};

const showValue = (field: string, value: string | null) =>
  value === null ? 'nothing' : field === 'amount' ? formatUsd(value) : value;

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
            {e.kind === 'edited' &&
              ` ${e.changes.map((c) => `${c.field} from ${showValue(c.field, c.from)} to ${showValue(c.field, c.to)}`).join(', ')}`}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Edit Referral: amount, customer, date and notes; the status only changes through approval. */
export function EditReferralDialog({ referral, onClose }: { referral: Referral; onClose: () => void }) {
  const edit = useEditReferral();
  const form = useForm<z.input<typeof editReferralSchema>, unknown, z.output<typeof editReferralSchema>>({
    resolver: zodResolver(editReferralSchema),
    defaultValues: {
      amount: referral.amount,
      customerName: referral.customerName ?? '',
      saleDate: referral.saleDate,
      notes: referral.notes ?? '',
    },
  });
  const onSubmit = form.handleSubmit((values) =>
    edit.mutate(
      { ...values, id: referral.id },
      {
        onSuccess: () => {
          toast({ title: 'Referral updated successfully' });
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
          Correct the amount, customer, date or notes. The other member is told what changed.
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
            <Button type="submit" disabled={edit.isPending}>
              {edit.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </Form>
        <History id={referral.id} />
      </DialogContent>
    </Dialog>
  );
}
