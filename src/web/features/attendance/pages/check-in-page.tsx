import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { useParams } from 'wouter';
import { isCheckedIn } from '../../../../domain/attendance/check-in';
import { ATTENDANCE_STATUS_LABELS } from '../../../../domain/attendance/status';
import { formatWallTime } from '../../../../domain/chapters/time-format';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/auth/auth-queries';
import { rememberReturnPath } from '../../../lib/auth/return-path';
import { formatClockTime, formatDate } from '../../../lib/dates';
import { useSelfCheckIn, useSelfCheckInView } from '../api/door-queries';

const problemOf = (error: unknown) =>
  error instanceof ApiError ? error.serverMessage : 'We could not reach the meeting. Please try again.';

/**
 * A member's own check-in, opened from the QR code in the room: which meeting, and one button.
 * Signed out, it asks them to sign in and comes back here.
 */
export default function CheckInPage() {
  const { token = '' } = useParams<{ token: string }>();
  const { user, isLoading } = useCurrentUser();
  const view = useSelfCheckInView(token, Boolean(user));
  const checkIn = useSelfCheckIn(token);
  useEffect(() => {
    document.title = 'Check in to the meeting';
  }, []);

  let body: React.ReactNode;
  if (isLoading || (user && view.isLoading)) body = <Spinner />;
  else if (!user) {
    body = (
      <>
        <p className="text-slate-700">Sign in to check yourself in to this meeting.</p>
        <ButtonLink href="/login" onClick={() => rememberReturnPath(`/check-in/${token}`)}>
          Sign in
        </ButtonLink>
      </>
    );
  } else if (view.isError) {
    body = (
      <p role="alert" className="text-red-700">
        {problemOf(view.error)}
      </p>
    );
  } else if (view.data) {
    const v = view.data;
    const isIn = isCheckedIn(v.status);
    body = (
      <>
        <p className="text-slate-700">
          {v.chapterName} · {formatDate(v.meetingDate, 'long')}, {formatWallTime(v.startTime, v.timeFormat)}
        </p>
        {isIn ? (
          <p
            className="flex items-center gap-2 text-lg font-semibold text-emerald-800"
            role="status"
            data-testid="self-check-in-done"
          >
            <CheckCircle2 aria-hidden className="size-6" />
            You are checked in: {ATTENDANCE_STATUS_LABELS[v.status!]}
            {v.checkedInAt ? ` at ${formatClockTime(v.checkedInAt, v.timeZone, v.timeFormat)}` : ''}
          </p>
        ) : (
          <>
            <Button
              className="min-h-14 w-full text-lg"
              onClick={() => checkIn.mutate()}
              pending={checkIn.isPending}
            >
              Check me in
            </Button>
            {checkIn.isError && (
              <p role="alert" className="text-red-700">
                {problemOf(checkIn.error)}
              </p>
            )}
          </>
        )}
      </>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <Card className="space-y-4 p-6">
        <h1 className="text-2xl font-bold text-slate-900">Check in to the meeting</h1>
        {body}
      </Card>
    </div>
  );
}
