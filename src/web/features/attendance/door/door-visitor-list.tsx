import { QrCode, UserPlus } from 'lucide-react';
import type { TapAction } from '../../../../domain/attendance/check-in';
import type { TimeFormat } from '../../../../domain/chapters/time-format';
import { Button } from '../../../components/ui/button';
import { formatClockTime } from '../../../lib/dates';
import { DoorTapButton } from './door-tap-button';
import type { DoorVisitorRow } from './tap-queue';

/**
 * The meeting's visitors under the members: each a tap target (in, or taken back), with who invited them,
 * and the two ways a visitor arrives otherwise: their ticket scanned, or added as a walk-in.
 */
export function DoorVisitorList({
  rows,
  ticketsWaiting,
  timeZone,
  timeFormat,
  onTap,
  onScan,
  onWalkIn,
}: {
  rows: DoorVisitorRow[];
  ticketsWaiting: number;
  timeZone: string;
  timeFormat: TimeFormat;
  onTap: (visitId: string, action: TapAction) => void;
  onScan: () => void;
  onWalkIn: () => void;
}) {
  const here = rows.filter((r) => r.checkedInAt).length;
  return (
    <section aria-labelledby="door-visitors-heading" className="mt-6 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="door-visitors-heading" className="text-lg font-semibold text-slate-900">
          Visitors{' '}
          <span className="text-base font-normal text-slate-600" data-testid="door-visitors-count">
            {here} of {rows.length} here
          </span>
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onScan}>
            <QrCode aria-hidden className="size-4" /> Scan a ticket
          </Button>
          <Button variant="outline" size="sm" onClick={onWalkIn}>
            <UserPlus aria-hidden className="size-4" /> Add a walk-in
          </Button>
        </div>
      </div>
      {ticketsWaiting > 0 && (
        <p className="text-sm text-slate-700" data-testid="tickets-waiting">
          {ticketsWaiting} ticket{ticketsWaiting === 1 ? '' : 's'} waiting to be checked.
        </p>
      )}
      {rows.length === 0 ? (
        <p className="text-slate-600">No visitors registered for this meeting yet.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map((row) => {
            const isIn = Boolean(row.checkedInAt);
            return (
              <li key={row.visitId}>
                <DoorTapButton
                  isIn={isIn}
                  tone={
                    isIn
                      ? 'border-sky-700 bg-sky-50'
                      : 'border-dashed border-slate-400 bg-white hover:bg-slate-50'
                  }
                  name={row.name}
                  detail={
                    [
                      row.business,
                      row.walkIn ? 'Walk-in' : row.invitedByName && `Guest of ${row.invitedByName}`,
                    ]
                      .filter(Boolean)
                      .join(' · ') || 'Visitor'
                  }
                  mark={
                    row.checkedInAt
                      ? `Here ${formatClockTime(row.checkedInAt, timeZone, timeFormat)}`
                      : 'Tap to check in'
                  }
                  waiting={row.waiting}
                  testId="door-visitor"
                  markTestId="door-visitor-mark"
                  disabled={row.walkIn && row.waiting}
                  onClick={() => onTap(row.visitId, isIn ? 'undo' : 'check-in')}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
