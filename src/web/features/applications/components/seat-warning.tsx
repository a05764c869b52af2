import { AlertTriangle } from 'lucide-react';
import type { ApplicationFull } from '../../../../domain/applications/contracts';

/** One seat per industry: tells the reviewer, before they approve, who already holds this one. */
export function SeatWarning({ application }: { application: ApplicationFull }) {
  if (!application.seatHolder) return null;
  return (
    <p className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="note">
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        {application.seatHolder} already holds the {application.industry} seat. Approving makes two members
        share this industry.
      </span>
    </p>
  );
}
