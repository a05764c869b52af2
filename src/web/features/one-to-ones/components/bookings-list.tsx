import { useState } from 'react';
import { DEFAULT_TIME_FORMAT, formatWallTime } from '../../../../domain/chapters/time-format';
import type { Booking } from '../../../../domain/one-to-ones/contracts';
import { ONE_TO_ONE_MODE_LABELS } from '../../../../domain/one-to-ones/messages';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/dates';
import { toastApiError } from '../../../lib/toast-api-error';
import { useBookingOutcome, useBookings, useCancelBooking } from '../api/one-to-one-queries';

function DueBooking({ booking }: { booking: Booking }) {
  const outcome = useBookingOutcome();
  const name = booking.other?.name ?? 'the member';
  const answer = (happened: boolean) =>
    outcome.mutate(
      { id: booking.id, happened },
      {
        onSuccess: () =>
          toast({
            title: happened ? 'One-to-one logged' : 'Noted',
            description: happened ? `With ${name}: it counts for you both.` : 'It does not count.',
          }),
        onError: (error) => toastApiError(error, 'We could not save that. Please try again.'),
      },
    );
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="booking-due">
      <p className="text-sm text-slate-800">
        Did your one-to-one with <span className="font-medium">{name}</span> on {formatDate(booking.date)}{' '}
        happen?
      </p>
      <div className="flex gap-2">
        <Button size="sm" onClick={() => answer(true)} disabled={outcome.isPending}>
          Yes, log it
        </Button>
        <Button size="sm" variant="outline" onClick={() => answer(false)} disabled={outcome.isPending}>
          No
        </Button>
      </div>
    </li>
  );
}

function UpcomingBooking({ booking }: { booking: Booking }) {
  const cancel = useCancelBooking();
  const [asking, setAsking] = useState(false);
  const name = booking.other?.name ?? 'the member';
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-3" data-testid="booking-upcoming">
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">
          {name}: {formatDate(booking.date)} at {formatWallTime(booking.startTime, DEFAULT_TIME_FORMAT)}
        </p>
        <p className="text-slate-600">
          {ONE_TO_ONE_MODE_LABELS[booking.mode]}
          {booking.place ? ` · ${booking.place}` : ''} · {booking.minutes} min
          {booking.bookedByMe ? '' : ` · booked by ${name}`}
        </p>
        <p className="mt-1 flex flex-wrap gap-3">
          <a
            className="font-medium text-brand-700 hover:underline"
            href={booking.googleUrl}
            target="_blank"
            rel="noreferrer"
          >
            Add to Google Calendar
          </a>
          <a
            className="font-medium text-brand-700 hover:underline"
            href={booking.outlookUrl}
            target="_blank"
            rel="noreferrer"
          >
            Add to Outlook
          </a>
        </p>
      </div>
      <Button size="sm" variant="outline" onClick={() => setAsking(true)}>
        Call off
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Call off this one-to-one?"
        description={`You and ${name} are both sent the cancellation for your calendars.`}
        confirmLabel="Call it off"
        cancelLabel="Keep it"
        destructive
        busy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(booking.id, {
            onSuccess: () => {
              setAsking(false);
              toast({ title: 'One-to-one called off', description: `${name} is told.` });
            },
            onError: (error) => toastApiError(error, 'We could not call it off. Please try again.'),
          })
        }
      />
    </li>
  );
}

/** My bookings: the ones whose time passed ask "Did it happen?", the ones ahead can be added or called off. */
export function BookingsList() {
  const bookings = useBookings();
  if (bookings.isError)
    return (
      <p role="alert" className="mt-3 text-sm text-red-700">
        We could not load your bookings.
      </p>
    );
  const items = bookings.data?.items ?? [];
  if (items.length === 0) return null;
  const due = items.filter((b) => b.due);
  const upcoming = items.filter((b) => !b.due);
  return (
    <div className="mt-4">
      {due.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-md border border-amber-200 bg-amber-50 px-3">
          {due.map((b) => (
            <DueBooking key={b.id} booking={b} />
          ))}
        </ul>
      )}
      {upcoming.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-800">Coming up</h3>
          <ul className="divide-y divide-slate-100">
            {upcoming.map((b) => (
              <UpcomingBooking key={b.id} booking={b} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
