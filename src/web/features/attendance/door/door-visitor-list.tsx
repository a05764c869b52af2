import { Check, Clock, QrCode, UserPlus } from 'lucide-react';
import type { TapAction } from '../../../../domain/attendance/check-in';
import type { TimeFormat } from '../../../../domain/chapters/time-format';
import { Button } from '../../../components/ui/button';
import { formatClockTime } from '../../../lib/dates';
import { cn } from '../../../lib/utils';
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
                <button
                  type="button"
                  aria-pressed={isIn}
                  data-testid="door-visitor"
                  disabled={row.walkIn && row.waiting}
                  onClick={() => onTap(row.visitId, isIn ? 'undo' : 'check-in')}
                  className={cn(
                    'flex min-h-16 w-full items-center gap-3 rounded-lg border px-4 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                    isIn
                      ? 'border-sky-700 bg-sky-50'
                      : 'border-dashed border-slate-400 bg-white hover:bg-slate-50',
                  )}
                >
                  <span
                    aria-hidden
                    className={cn(
                      'flex size-8 shrink-0 items-center justify-center rounded-full border',
                      isIn ? 'border-transparent bg-slate-900 text-white' : 'border-slate-400',
                    )}
                  >
                    {isIn && <Check className="size-5" />}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-slate-900">{row.name}</span>
                    <span className="block truncate text-sm text-slate-600">
                      {[
                        row.business,
                        row.walkIn ? 'Walk-in' : row.invitedByName && `Guest of ${row.invitedByName}`,
                      ]
                        .filter(Boolean)
                        .join(' · ') || 'Visitor'}
                    </span>
                  </span>
                  <span
                    className="shrink-0 text-right text-sm font-medium text-slate-800"
                    data-testid="door-visitor-mark"
                  >
                    {row.checkedInAt
                      ? `Here ${formatClockTime(row.checkedInAt, timeZone, timeFormat)}`
                      : 'Tap to check in'}
                    {row.waiting && (
                      <span className="flex items-center justify-end gap-1 text-xs font-normal text-slate-600">
                        <Clock aria-hidden className="size-3" /> waiting to send
                      </span>
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
