import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { EARLIEST_DATE, todayIn } from '../../../../domain/dates';
import type { LogOneToOneInput, logOneToOneSchema } from '../../../../domain/one-to-ones/contracts';
import {
  ONE_TO_ONE_MESSAGES as M,
  ONE_TO_ONE_MODE_LABELS,
  ONE_TO_ONE_MODES,
} from '../../../../domain/one-to-ones/messages';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import {
  applyServerErrors,
  DateField,
  Form,
  RadioGroupField,
  TextareaField,
  TextField,
  useFormDraft,
} from '../../../components/ui/form';
import { toast } from '../../../components/ui/toast-store';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toastApiError } from '../../../lib/toast-api-error';
import { MemberPicker } from '../../referrals';
import { useLogOneToOne } from '../api/one-to-one-queries';

/** Minutes are typed as text; the schema coerces them to a number. */
type LogForm = LogOneToOneInput;
export const MODE_OPTIONS = ONE_TO_ONE_MODES.map((value) => ({
  value,
  label: ONE_TO_ONE_MODE_LABELS[value],
}));

const blank = (withMemberId: string): LogForm => ({
  withMemberId,
  metOn: todayIn(),
  mode: 'in_person',
  place: '',
  minutes: '60',
  learned: '',
  nextStep: '',
});

/**
 * Log a one-to-one: who (chosen already when opened from a member), when, in person or online, how long, what
 * I learned and a next step. It counts for both of us at once; a draft is kept until it is saved.
 */
export function LogOneToOneDialog({
  userId,
  withMemberId,
  onClose,
}: {
  userId: string;
  withMemberId: string | null;
  onClose: () => void;
}) {
  const logIt = useLogOneToOne();
  const form = useForm<LogForm, unknown, z.output<typeof logOneToOneSchema>>({
    // The schema (and zod) load when the form is first sent: the card sits on the dashboard's opening tab.
    resolver: lazyZodResolver(() =>
      import('../../../../domain/one-to-ones/contracts').then((m) => m.logOneToOneSchema),
    ),
    defaultValues: blank(withMemberId ?? ''),
  });
  const draft = useFormDraft(form, 'one-to-one-log');
  const mode = useWatch({ control: form.control, name: 'mode' });
  const close = () => draft.confirmDiscard(onClose);
  const onSubmit = form.handleSubmit((values) =>
    logIt.mutate(values, {
      onSuccess: (saved) => {
        draft.clear();
        toast({
          title: saved.loggedByMe ? M.logged : M.alreadyLogged,
          description: `With ${saved.other?.name ?? 'a former member'}: it counts for you both.`,
        });
        onClose();
      },
      onError: (error) => {
        if (!applyServerErrors(form, error))
          toastApiError(error, 'We could not log the one-to-one. Please try again.');
      },
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>Log a one-to-one</DialogTitle>
        <DialogDescription>
          It counts for both of you; the other member is told and can say if it did not happen.
        </DialogDescription>
        <Form form={form} idPrefix="one-to-one-" onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <MemberPicker<LogForm> name="withMemberId" label="Who did you meet?" userId={userId} />
          </div>
          <DateField<LogForm> name="metOn" label="Date" min={EARLIEST_DATE} max={todayIn()} />
          <TextField<LogForm> name="minutes" label="Minutes" inputMode="numeric" />
          <RadioGroupField<LogForm>
            name="mode"
            label="How did you meet?"
            options={MODE_OPTIONS}
            className="sm:col-span-2"
          />
          <TextField<LogForm>
            name="place"
            label={mode === 'online' ? 'Link or app (optional)' : 'Where'}
            className="sm:col-span-2"
          />
          <TextareaField<LogForm>
            name="learned"
            label="What did you learn? (optional)"
            rows={3}
            className="sm:col-span-2"
          />
          <TextField<LogForm> name="nextStep" label="Next step (optional)" className="sm:col-span-2" />
          <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
            <Button type="button" variant="outline" onClick={close} disabled={logIt.isPending}>
              Cancel
            </Button>
            <Button type="submit" pending={logIt.isPending}>
              {logIt.isPending ? 'Saving...' : 'Log it'}
            </Button>
          </div>
        </Form>
        {draft.discardDialog}
      </DialogContent>
    </Dialog>
  );
}
