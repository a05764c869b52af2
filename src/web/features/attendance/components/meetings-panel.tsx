import { useEffect, useState } from 'react';
import type { Meeting } from '../../../../domain/attendance/meetings';
import type { AuthUser } from '../../../../domain/auth/contracts';
import { formatWallTime } from '../../../../domain/chapters/time-format';
import { todayIn } from '../../../../domain/dates';
import { LoadMore } from '../../../components/list/load-more';
import { QueryState } from '../../../components/list/query-state';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SegmentedTabs } from '../../../components/ui/segmented-tabs';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/dates';
import { loadedItems } from '../../../lib/paged-query';
import { useUrlState } from '../../../lib/use-url-state';
import { cn } from '../../../lib/utils';
import { useMeetingDetail, useMeetingList, type MeetingView as View } from '../api/meeting-queries';
import { MEETING_PANELS } from '../panel-links';
import { ExtraMeetingDialog } from './meeting-forms';
import { MeetingStateBadge, MeetingView } from './meeting-view';

const VIEWS = [
  { id: 'upcoming', label: 'Upcoming and open' },
  { id: 'past', label: 'Closed' },
] as const;

/**
 * The Attendance tab's meetings: the weeks still to do (upcoming, open, not yet closed) and
 * the closed ones, each opening in its state. The first week still to do is chosen to begin with.
 */
export function MeetingsPanel({ user }: { user: AuthUser }) {
  // The view and the meeting on screen live in the address: a reload or a shared link shows the same.
  const [url, setUrl] = useUrlState({ view: 'upcoming', meeting: '' });
  const view: View = url.view === 'past' ? 'past' : 'upcoming';
  const pickedId = url.meeting || null;
  const setView = (next: View) => setUrl({ view: next, meeting: '' });
  const setPickedId = (id: string) => setUrl({ meeting: id });
  const [focusRequest, setFocusRequest] = useState(0);
  const meetings = useMeetingList(view);
  const loaded = loadedItems(meetings);
  const [adding, setAdding] = useState(false);
  const items = loaded.data ?? [];
  const today = todayIn();
  const firstToDo =
    items.find((m) => m.state === 'open') ??
    items.find((m) => m.state === 'scheduled' && m.meetingDate <= today) ??
    items.find((m) => m.state === 'scheduled') ??
    items[0];
  // A meeting picked that has left this view (closed a moment ago, or a shared link) is read on its own.
  const listed = items.find((m) => m.id === pickedId);
  const alone = useMeetingDetail(pickedId && meetings.data && !listed ? pickedId : undefined);
  // While it is read on its own, the meeting just acted on stays on screen (no jump, focus kept).
  const [lastShown, setLastShown] = useState<Meeting | null>(null);
  const kept = lastShown?.id === pickedId ? lastShown : null;
  const picked = listed ?? alone.data ?? kept ?? (pickedId ? null : firstToDo);
  useEffect(() => {
    if (picked && picked !== lastShown) setLastShown(picked);
  }, [picked, lastShown]);

  return (
    <div className="grid gap-4 lg:grid-cols-[20rem_1fr] print:block">
      <Card id={MEETING_PANELS[0].panelId} className="p-4 lg:self-start print:hidden">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">Meetings</h2>
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
            Add a meeting
          </Button>
        </div>
        <SegmentedTabs
          className="mt-3"
          label="Which meetings"
          tabs={VIEWS}
          active={view}
          onSelect={setView}
        />
        <QueryState
          query={loaded}
          loading={<Spinner />}
          error="We could not load the meetings. Please try again."
          empty={
            view === 'upcoming' ? (
              <>
                <span className="block">No meetings planned yet</span>
                <span className="mt-1 block text-sm">
                  The weekly meetings appear here once the chapter&apos;s meeting day is set in its settings.
                </span>
              </>
            ) : (
              'No attendance submissions found'
            )
          }
          isEmpty={(list) => list.length === 0}
        >
          {(list) => (
            <>
              <ul className="mt-3 divide-y divide-slate-100">
                {list.map((m) => (
                  <MeetingLine
                    key={m.id}
                    meeting={m}
                    selected={picked?.id === m.id}
                    onPick={() => {
                      setPickedId(m.id);
                      setFocusRequest((n) => n + 1);
                    }}
                  />
                ))}
              </ul>
              <LoadMore query={meetings} />
            </>
          )}
        </QueryState>
      </Card>
      <div id={MEETING_PANELS[1].panelId}>
        {picked ? (
          <MeetingView
            key={picked.id}
            meeting={picked}
            user={user}
            focusRequest={focusRequest}
            onAct={() => {
              if (pickedId !== picked.id) setPickedId(picked.id);
            }}
          />
        ) : null}
      </div>
      {adding && (
        <ExtraMeetingDialog
          onClose={() => setAdding(false)}
          onMade={(m) => {
            setUrl({ view: 'upcoming', meeting: m.id });
            setFocusRequest((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}

function MeetingLine({
  meeting,
  selected,
  onPick,
}: {
  meeting: Meeting;
  selected: boolean;
  onPick: () => void;
}) {
  const t = meeting.totals;
  const recorded = t.present + t.late + t.substitute + t.excused + t.absent;
  const attended = t.present + t.late + t.substitute;
  // An open week counts against who is expected; a closed one against everyone it recorded.
  const count =
    meeting.state === 'open'
      ? `${attended} of ${meeting.expected} expected here`
      : recorded > 0 && `${attended} of ${recorded} attended`;
  return (
    <li>
      <button
        type="button"
        onClick={onPick}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'flex w-full flex-wrap items-center justify-between gap-2 px-1 py-3 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
          selected && 'bg-brand-50',
        )}
        data-testid="attendance-meeting"
        data-date={meeting.meetingDate}
      >
        <span>
          <span className="block font-medium text-slate-900">{formatDate(meeting.meetingDate, 'long')}</span>
          <span className="text-sm text-slate-600">
            {formatWallTime(meeting.startTime, meeting.timeFormat)}
            {count && ` · ${count}`}
            {meeting.awayCount > 0 && ` · ${meeting.awayCount} away`}
          </span>
        </span>
        <MeetingStateBadge meeting={meeting} />
      </button>
    </li>
  );
}
