import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { meetingInDashboard } from '../api/meeting-queries';

/** The way back from a meeting's own screens (meeting mode, its report) to it in the Attendance tab. */
export function BackToMeeting({ meetingId }: { meetingId: string }) {
  return (
    <Link
      className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline print:hidden"
      href={meetingInDashboard(meetingId)}
    >
      <ArrowLeft aria-hidden className="size-4" /> Back to the meeting
    </Link>
  );
}
