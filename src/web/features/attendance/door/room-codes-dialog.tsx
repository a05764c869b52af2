import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api';
import { formatClockTime } from '../../../lib/dates';
import { useMeetingCodes } from '../api/door-queries';

/**
 * The room's QR code: members scan it with their own phone and check themselves in; it works
 * for this meeting only and for three hours. Beside it, the room display's link for a second screen.
 */
export function RoomCodesDialog({ meetingId, onClose }: { meetingId: string; onClose: () => void }) {
  const codes = useMeetingCodes(meetingId, true);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Check in with your phone</DialogTitle>
        <DialogDescription>
          Members scan this code and sign in to check themselves in to this meeting.
        </DialogDescription>
        {codes.isError ? (
          <p role="alert" className="text-red-700">
            {/* A week that cannot have codes (closed once, or not open) says why; anything else may pass. */}
            {codes.error instanceof ApiError && codes.error.status === 409
              ? codes.error.serverMessage
              : 'We could not make the check-in code. Please try again.'}
          </p>
        ) : !codes.data ? (
          <Spinner />
        ) : (
          <div className="space-y-3">
            <img
              className="mx-auto aspect-square w-full max-w-72 bg-white"
              src={`data:image/svg+xml;utf8,${encodeURIComponent(codes.data.checkInQrSvg)}`}
              alt="QR code that opens this meeting's check-in page"
              data-testid="check-in-qr"
            />
            <p className="text-center text-sm text-slate-700">
              Valid until{' '}
              {formatClockTime(codes.data.checkInExpiresAt, codes.data.timeZone, codes.data.timeFormat)}.
            </p>
            <p className="break-all text-sm">
              <a
                className="font-medium text-brand-700 hover:underline"
                href={codes.data.checkInUrl}
                data-testid="check-in-link"
              >
                Check-in link
              </a>
              {' · '}
              <a
                className="font-medium text-brand-700 hover:underline"
                href={codes.data.displayUrl}
                target="_blank"
                rel="noreferrer"
                data-testid="room-display-link"
              >
                Room display (agenda timer)
              </a>
            </p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
