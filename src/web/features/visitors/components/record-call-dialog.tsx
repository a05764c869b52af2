import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { FollowUp, RecordFollowUp, recordFollowUpSchema } from '../../../../domain/visitors/contracts';
import { VISITOR_MESSAGES as M } from '../../../../domain/visitors/messages';
import { FOLLOW_UP_OUTCOME_LABELS, FOLLOW_UP_OUTCOMES } from '../../../../domain/visitors/pipeline';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { applyServerErrors, Form, RadioGroupField, TextareaField } from '../../../components/ui/form';
import { toast } from '../../../components/ui/toast-store';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toastApiError } from '../../../lib/toast-api-error';
import { useRecordFollowUp } from '../api/follow-up-queries';

type CallForm = RecordFollowUp;
const OPTIONS = FOLLOW_UP_OUTCOMES.map((value) => ({ value, label: FOLLOW_UP_OUTCOME_LABELS[value] }));

/** The visitor host records how their call went; the reminders stop and the visitor is followed up. */
export function RecordCallDialog({ call, onClose }: { call: FollowUp; onClose: () => void }) {
  const record = useRecordFollowUp();
  const form = useForm<CallForm, unknown, z.output<typeof recordFollowUpSchema>>({
    // The schema (and zod) load when the form is first sent: the card sits on the dashboard's opening tab.
    resolver: lazyZodResolver(() =>
      import('../../../../domain/visitors/contracts').then((m) => m.recordFollowUpSchema),
    ),
    defaultValues: { note: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    record.mutate(
      { id: call.id, ...values },
      {
        onSuccess: () => {
          toast({ title: M.followUpRecorded, description: `Your call to ${call.visitorName} is recorded.` });
          onClose();
        },
        onError: (error) => {
          if (!applyServerErrors(form, error))
            toastApiError(error, 'We could not record the call. Please try again.');
        },
      },
    ),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>Record the call to {call.visitorName}</DialogTitle>
        <DialogDescription>
          {call.phone ? `Phone ${call.phone} · ` : ''}
          {call.email}
        </DialogDescription>
        <Form form={form} onSubmit={onSubmit} className="space-y-4">
          <RadioGroupField<CallForm> name="outcome" label="How did it go?" options={OPTIONS} />
          <TextareaField<CallForm> name="note" label="Note (optional)" rows={3} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? 'Saving…' : 'Record the call'}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
