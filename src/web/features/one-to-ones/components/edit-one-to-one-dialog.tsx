import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { EARLIEST_DATE, todayIn } from '../../../../domain/dates';
import type {
  EditOneToOneInput,
  editOneToOneSchema,
  OneToOne,
} from '../../../../domain/one-to-ones/contracts';
import { ONE_TO_ONE_MESSAGES as M } from '../../../../domain/one-to-ones/messages';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import {
  applyServerErrors,
  DateField,
  Form,
  RadioGroupField,
  TextareaField,
  TextField,
} from '../../../components/ui/form';
import { toast } from '../../../components/ui/toast-store';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toastApiError } from '../../../lib/toast-api-error';
import { useEditOneToOne } from '../api/one-to-one-queries';
import { MODE_OPTIONS } from './log-one-to-one-dialog';

type EditForm = EditOneToOneInput;

/**
 * Edit a one-to-one: either member may; the other is told. Once its week is closed a new date is asked of the
 * other member instead, and the rest of the edit is saved at once.
 */
export function EditOneToOneDialog({ oneToOne, onClose }: { oneToOne: OneToOne; onClose: () => void }) {
  const save = useEditOneToOne();
  const form = useForm<EditForm, unknown, z.output<typeof editOneToOneSchema>>({
    resolver: lazyZodResolver(() =>
      import('../../../../domain/one-to-ones/contracts').then((m) => m.editOneToOneSchema),
    ),
    defaultValues: {
      metOn: oneToOne.metOn,
      minutes: String(oneToOne.minutes),
      mode: oneToOne.mode,
      place: oneToOne.place ?? '',
      learned: oneToOne.learned ?? '',
      nextStep: oneToOne.nextStep ?? '',
    },
  });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { id: oneToOne.id, ...values },
      {
        onSuccess: (saved) => {
          const asked = saved.proposal?.proposedByMe && saved.proposal.kind === 'change';
          toast({
            title: asked ? M.changeProposed : 'One-to-one saved',
            description: `${saved.other?.name ?? 'The other member'} is told.`,
          });
          onClose();
        },
        onError: (error) => {
          if (!applyServerErrors(form, error))
            toastApiError(error, 'We could not save the one-to-one. Please try again.');
        },
      },
    ),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>Edit the one-to-one with {oneToOne.other?.name ?? 'a former member'}</DialogTitle>
        <DialogDescription>
          {oneToOne.weekClosed
            ? 'Its week is closed: a new date waits for the other member to accept it.'
            : 'The other member is told of the change.'}
        </DialogDescription>
        <Form
          form={form}
          idPrefix="edit-one-to-one-"
          onSubmit={onSubmit}
          className="grid gap-4 sm:grid-cols-2"
        >
          <DateField<EditForm> name="metOn" label="Date" min={EARLIEST_DATE} max={todayIn()} />
          <TextField<EditForm> name="minutes" label="Minutes" inputMode="numeric" />
          <RadioGroupField<EditForm>
            name="mode"
            label="How did you meet?"
            options={MODE_OPTIONS}
            className="sm:col-span-2"
          />
          <TextField<EditForm>
            name="place"
            label={mode === 'online' ? 'Link or app (optional)' : 'Where'}
            className="sm:col-span-2"
          />
          <TextareaField<EditForm>
            name="learned"
            label="What did you learn? (optional)"
            rows={3}
            className="sm:col-span-2"
          />
          <TextField<EditForm> name="nextStep" label="Next step (optional)" className="sm:col-span-2" />
          <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" pending={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
