import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { addDays } from '../../../../domain/attendance/meeting-day';
import { todayIn } from '../../../../domain/dates';
import type { BookOneToOneInput, bookOneToOneSchema } from '../../../../domain/one-to-ones/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import {
  applyServerErrors,
  DateField,
  Form,
  RadioGroupField,
  TextField,
  TimeField,
  useFormDraft,
} from '../../../components/ui/form';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/dates';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toastApiError } from '../../../lib/toast-api-error';
import { MemberPicker } from '../../referrals';
import { useBookOneToOne } from '../api/one-to-one-queries';
import { MODE_OPTIONS } from './log-one-to-one-dialog';

/** Minutes are typed as text; the schema coerces them to a number. */
type BookForm = BookOneToOneInput;

/**
 * Book a one-to-one: a date and time ahead with another member. Both are emailed the calendar invitation; after
 * the time the booker is asked whether it happened.
 */
export function BookOneToOneDialog({
  userId,
  withMemberId,
  onClose,
}: {
  userId: string;
  withMemberId: string | null;
  onClose: () => void;
}) {
  const bookIt = useBookOneToOne();
  const form = useForm<BookForm, unknown, z.output<typeof bookOneToOneSchema>>({
    // The schema (and zod) load when the form is first sent: the card sits on the dashboard's opening tab.
    resolver: lazyZodResolver(() =>
      import('../../../../domain/one-to-ones/contracts').then((m) => m.bookOneToOneSchema),
    ),
    defaultValues: {
      withMemberId: withMemberId ?? '',
      date: addDays(todayIn(), 1),
      startTime: '07:30',
      minutes: '60',
      mode: 'in_person',
      place: '',
    },
  });
  const draft = useFormDraft(form, 'one-to-one-book');
  const mode = useWatch({ control: form.control, name: 'mode' });
  const close = () => draft.confirmDiscard(onClose);
  const onSubmit = form.handleSubmit((values) =>
    bookIt.mutate(values, {
      onSuccess: (booking) => {
        draft.clear();
        toast({
          title: 'One-to-one booked',
          description: `With ${booking.other?.name ?? 'the member'} on ${formatDate(booking.date)}: you both have the calendar invitation by email.`,
        });
        onClose();
      },
      onError: (error) => {
        if (!applyServerErrors(form, error))
          toastApiError(error, 'We could not book the one-to-one. Please try again.');
      },
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>Book a one-to-one</DialogTitle>
        <DialogDescription>
          You both get a calendar invitation by email, with links to add it to Google or Outlook.
        </DialogDescription>
        <Form form={form} idPrefix="booking-" onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <MemberPicker<BookForm> name="withMemberId" label="Who will you meet?" userId={userId} />
          </div>
          <DateField<BookForm> name="date" label="Date" min={todayIn()} />
          <TimeField<BookForm> name="startTime" label="Time" />
          <TextField<BookForm> name="minutes" label="Minutes" inputMode="numeric" />
          <RadioGroupField<BookForm> name="mode" label="How will you meet?" options={MODE_OPTIONS} />
          <TextField<BookForm>
            name="place"
            label={mode === 'online' ? 'Link or app (optional)' : 'Where'}
            className="sm:col-span-2"
          />
          <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
            <Button type="button" variant="outline" onClick={close} disabled={bookIt.isPending}>
              Cancel
            </Button>
            <Button type="submit" pending={bookIt.isPending}>
              {bookIt.isPending ? 'Booking...' : 'Book it'}
            </Button>
          </div>
        </Form>
        {draft.discardDialog}
      </DialogContent>
    </Dialog>
  );
}
