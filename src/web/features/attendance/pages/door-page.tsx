import { QrCode, WifiOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useParams } from 'wouter';
import { doorCounts } from '../../../../domain/attendance/check-in';
import { formatWallTime } from '../../../../domain/chapters/time-format';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatClockTime, formatDate } from '../../../lib/dates';
import { useDoor } from '../api/door-queries';
import { BackToMeeting } from '../components/back-to-meeting';
import { AgendaControls } from '../door/agenda-controls';
import { DoorCountsBar, DoorList } from '../door/door-list';
import { DoorVisitorList } from '../door/door-visitor-list';
import { RoomCodesDialog } from '../door/room-codes-dialog';
import { ScanTicketDialog } from '../door/scan-ticket-dialog';
import { waitingTickets, withTapsApplied, withVisitorTapsApplied } from '../door/tap-queue';
import { useTapQueue } from '../door/use-tap-queue';
import { WalkInDialog } from '../door/walk-in-dialog';

/**
 * Meeting mode: the screen a leader holds at the door, on a phone or a tablet. Members as large
 * tap targets, counts on top, taps kept on the device until the server has them, the room's QR code for
 * self check-in, and the agenda timer.
 */
export default function DoorPage() {
  const { id = '' } = useParams<{ id: string }>();
  const door = useDoor(id);
  const queue = useTapQueue(id);
  const [showCodes, setShowCodes] = useState(false);
  const [dialog, setDialog] = useState<'scan' | 'walk-in' | null>(null);
  const rows = useMemo(
    () => (door.data ? withTapsApplied(door.data.members, queue.waiting, door.data.cutoffAt) : []),
    [door.data, queue.waiting],
  );
  const visitorRows = useMemo(
    () => (door.data ? withVisitorTapsApplied(door.data.visitors, queue.waiting) : []),
    [door.data, queue.waiting],
  );
  const data = door.data;
  return (
    <div className="mx-auto max-w-5xl space-y-4 px-4 py-4 sm:py-6">
      <BackToMeeting meetingId={id} />
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Meeting mode</h1>
          {data && (
            <p className="text-slate-700">
              {data.chapterName} · {formatDate(data.meeting.meetingDate, 'long')},{' '}
              {formatWallTime(data.meeting.startTime, data.timeFormat)} · on time until{' '}
              {formatClockTime(data.cutoffAt, data.timeZone, data.timeFormat)}
            </p>
          )}
        </div>
        {data?.meeting.state === 'open' && (
          <Button variant="outline" onClick={() => setShowCodes(true)}>
            <QrCode aria-hidden className="size-4" /> Check-in QR code
          </Button>
        )}
      </div>
      {door.isError && !data ? (
        <div role="alert" className="space-y-3">
          <p className="text-red-700">We could not load this meeting. Please try again.</p>
          <Button variant="outline" onClick={() => void door.refetch()}>
            Try again
          </Button>
        </div>
      ) : !data ? (
        <div role="status" aria-label="Loading the meeting" className="space-y-3">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : data.meeting.state !== 'open' ? (
        <Card className="p-4">
          <p className="text-slate-700">
            Check-in is not open for this meeting. Open check-in from the meeting first.
          </p>
        </Card>
      ) : (
        <>
          <div className="sticky top-0 z-10 -mx-4 space-y-2 bg-slate-50/95 px-4 py-2 backdrop-blur">
            <DoorCountsBar counts={doorCounts(rows)} />
            {queue.waiting.length > 0 && (
              <p
                role="status"
                className="flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-300"
                data-testid="door-waiting"
              >
                {queue.offline && <WifiOff aria-hidden className="size-4 shrink-0" />}
                {queue.waiting.length} tap{queue.waiting.length === 1 ? '' : 's'} waiting to be sent
                {queue.offline ? ': kept on this device and sent when the connection returns.' : '...'}
              </p>
            )}
          </div>
          {/* The agenda comes first (a phone reaches it without passing every member), and beside the
              door list on a wide screen, where it stays in view. */}
          <div className="grid gap-4 lg:grid-cols-[1fr_20rem] lg:items-start">
            <div className="lg:sticky lg:top-28 lg:col-start-2 lg:row-start-1">
              <AgendaControls meetingId={id} state={data.agenda} />
            </div>
            <div className="lg:col-start-1 lg:row-start-1">
              <DoorList rows={rows} timeZone={data.timeZone} timeFormat={data.timeFormat} onTap={queue.tap} />
              <DoorVisitorList
                rows={visitorRows}
                ticketsWaiting={waitingTickets(queue.waiting)}
                timeZone={data.timeZone}
                timeFormat={data.timeFormat}
                onTap={queue.tapVisitor}
                onScan={() => setDialog('scan')}
                onWalkIn={() => setDialog('walk-in')}
              />
            </div>
          </div>
        </>
      )}
      {showCodes && <RoomCodesDialog meetingId={id} onClose={() => setShowCodes(false)} />}
      {dialog === 'scan' && <ScanTicketDialog onScan={queue.scanTicket} onClose={() => setDialog(null)} />}
      {dialog === 'walk-in' && <WalkInDialog onAdd={queue.addWalkIn} onClose={() => setDialog(null)} />}
    </div>
  );
}
