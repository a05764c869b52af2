import { useEffect, useRef, useState } from 'react';
import { MEETING_STATE_LABELS } from '../../../../domain/attendance/meeting-messages';
import type { Meeting, MeetingDetail } from '../../../../domain/attendance/meetings';
import type { AuthUser } from '../../../../domain/auth/contracts';
import { formatWallTime } from '../../../../domain/chapters/time-format';
import { todayIn } from '../../../../domain/dates';
import { hasRole } from '../../../../domain/roles/roles';
import { LoadMore } from '../../../components/list/load-more';
import { QueryState } from '../../../components/list/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { withActingChapter } from '../../../lib/acting-chapter';
import { formatDate } from '../../../lib/dates';
import { loadedItems } from '../../../lib/paged-query';
import { toastApiError } from '../../../lib/toast-api-error';
import { MeetingTrainingDialog } from '../../education-units';
import { useMeetingRecords } from '../api/attendance-queries';
import { useCloseMeeting, useMeetingDetail, useOpenMeeting, useUpdateMeeting } from '../api/meeting-queries';
import { LogMeeting, RECORD_HEADING_ID } from './log-meeting';

const REPORT_LINK_ID = 'meeting-report-link';

import { MoveMeetingDialog, ReopenDialog } from './meeting-forms';
import { MeetingRecord } from './meeting-record';

export const STATE_BADGE = {
  scheduled: 'outline',
  open: 'success',
  closed: 'secondary',
  holiday: 'warning',
} as const;

/** A meeting's state; a week whose day passed unopened says so rather than looking like one to come. */
export function MeetingStateBadge({ meeting, testId }: { meeting: Meeting; testId?: string }) {
  if (meeting.notRecorded) {
    return (
      <Badge variant="destructive" data-testid={testId}>
        Not recorded
      </Badge>
    );
  }
  return (
    <Badge variant={STATE_BADGE[meeting.state]} data-testid={testId}>
      {MEETING_STATE_LABELS[meeting.state]}
    </Badge>
  );
}

/** "3 present · 1 late · 1 substitute · 0 excused · 2 absent" */
export const totalsLine = (t: Meeting['totals']) =>
  `${t.present} present · ${t.late} late · ${t.substitute} substitute · ${t.excused} excused · ${t.absent} absent`;

/**
 * One meeting in its state: scheduled (open check-in, move, holiday), open (record it, close
 * the week), closed (its records; an administrator may reopen it) or a holiday.
 */
export function MeetingView({
  meeting,
  user,
  focusRequest = 0,
  onAct,
}: {
  meeting: Meeting;
  user: AuthUser;
  /** Grows each time the meeting is picked: focus moves to it, so a keyboard or a phone follows. */
  focusRequest?: number;
  /** Before an action that may move the meeting out of its list: keeps it the one on screen. */
  onAct?: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusRequest > 0) heading.current?.focus();
  }, [focusRequest]);
  const detail = useMeetingDetail(meeting.id);
  const current = detail.data ?? meeting;
  const openIt = useOpenMeeting();
  const close = useCloseMeeting();
  const update = useUpdateMeeting();
  const [asking, setAsking] = useState<'close' | 'move' | 'reopen' | null>(null);
  const [training, setTraining] = useState(false);
  const isToday = current.meetingDate <= todayIn();
  const when = `${formatDate(current.meetingDate, 'long')}, ${formatWallTime(current.startTime, current.timeFormat)}`;

  // Focus follows the action to what it produced (the recording form, the report), once that is drawn.
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  useEffect(() => {
    const target = focusTarget ? document.getElementById(focusTarget) : null;
    if (!target) return;
    target.focus();
    setFocusTarget(null);
  });

  const act = (run: () => Promise<unknown>, done: string, failed: string, focusAfter?: string) => {
    onAct?.();
    return run().then(
      () => {
        toast({ title: done, description: formatDate(current.meetingDate, 'long') });
        if (focusAfter) setFocusTarget(focusAfter);
      },
      (err) => toastApiError(err, failed),
    );
  };

  return (
    <div className="space-y-4" data-testid="meeting-view">
      <Card className="p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3
              ref={heading}
              tabIndex={-1}
              className="text-lg font-semibold text-slate-900 focus:outline-none"
            >
              {when}
            </h3>
            <p className="text-sm text-slate-700">
              {[
                current.place,
                current.extra ? 'Extra meeting' : null,
                current.counts ? null : 'Does not count',
              ]
                .filter(Boolean)
                .join(' · ') || 'No place set'}
              {current.onlineUrl && (
                <>
                  {' · '}
                  <a
                    className="font-medium text-brand-700 hover:underline"
                    href={current.onlineUrl}
                    target="_blank"
                    rel="noreferrer"
                  >
                    Online link
                  </a>
                </>
              )}
            </p>
            {current.note && <p className="mt-1 text-sm text-slate-600">Note: {current.note}</p>}
          </div>
          <MeetingStateBadge meeting={current} testId="meeting-state" />
        </div>
        {current.state !== 'scheduled' && current.state !== 'holiday' && (
          <p className="mt-2 text-sm text-slate-700" data-testid="meeting-totals">
            {totalsLine(current.totals)}
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          {current.state === 'scheduled' && (
            <>
              <Button
                onClick={() =>
                  act(
                    () => openIt.mutateAsync(current.id),
                    current.notRecorded
                      ? 'Recording open: mark who came, then close the week'
                      : 'Check-in open',
                    'Failed to open the meeting',
                    RECORD_HEADING_ID,
                  )
                }
                disabled={!isToday}
                pending={openIt.isPending}
              >
                {current.notRecorded ? 'Record this week' : 'Open check-in'}
              </Button>
              <Button variant="outline" onClick={() => setAsking('move')}>
                Move
              </Button>
              <Button
                variant="outline"
                onClick={() =>
                  act(
                    () => update.mutateAsync({ id: current.id, holiday: true }),
                    'Marked as a holiday',
                    'Failed to update the meeting',
                  )
                }
              >
                No meeting (holiday)
              </Button>
            </>
          )}
          {current.state === 'holiday' && (
            <Button
              variant="outline"
              onClick={() =>
                act(
                  () => update.mutateAsync({ id: current.id, holiday: false }),
                  'The meeting is back on',
                  'Failed to update the meeting',
                )
              }
            >
              Meet after all
            </Button>
          )}
          {current.state === 'open' && (
            <>
              <ButtonLink href={`/meetings/${encodeURIComponent(current.id)}/door`}>Meeting mode</ButtonLink>
              <Button variant="destructive" onClick={() => setAsking('close')}>
                Close the week
              </Button>
            </>
          )}
          {current.state === 'closed' && (
            <ButtonLink id={REPORT_LINK_ID} href={`/meetings/${encodeURIComponent(current.id)}/report`}>
              PALMS report
            </ButtonLink>
          )}
          {(current.state === 'open' || current.state === 'closed') && (
            <ButtonLink variant="outline" href={`/meetings/${encodeURIComponent(current.id)}/slips`}>
              Slips desk
            </ButtonLink>
          )}
          {(current.state === 'open' || current.state === 'closed') && (
            <Button variant="outline" onClick={() => setTraining(true)}>
              Record a training
            </Button>
          )}
          {current.state === 'closed' && hasRole(user.role, 'NETWORK_ADMIN') && (
            <Button variant="outline" onClick={() => setAsking('reopen')}>
              Reopen the week
            </Button>
          )}
          <a
            className="inline-flex min-h-9 items-center text-sm font-medium text-brand-700 hover:underline"
            href={withActingChapter(`/api/attendance/records.csv?date=${current.meetingDate}`)}
            download
          >
            Export CSV
          </a>
        </div>
        {current.state === 'scheduled' && !isToday && (
          <p className="mt-2 text-sm text-slate-600">Check-in opens on the meeting&apos;s day.</p>
        )}
        <AwayList away={detail.data?.away ?? []} />
      </Card>
      {training && <MeetingTrainingDialog meetingId={current.id} onClose={() => setTraining(false)} />}
      {current.state === 'open' && <LogMeeting date={current.meetingDate} />}
      {(current.state === 'open' || current.state === 'closed') && (
        <MeetingRecords date={current.meetingDate} editable={current.state === 'open'} />
      )}
      <ConfirmDialog
        open={asking === 'close'}
        onOpenChange={(open) => setAsking(open ? 'close' : null)}
        title="Close the week"
        description={
          current.counts
            ? "Everyone not yet recorded will be marked Absent, and the week's records will be locked and count in every total."
            : 'This meeting does not count for attendance: its records will be locked, nobody is marked Absent and no total changes.'
        }
        confirmLabel="Close the week"
        destructive
        busy={close.isPending}
        onConfirm={() =>
          act(() => close.mutateAsync(current.id), 'Week closed', 'Failed to close the week').then(() =>
            setAsking(null),
          )
        }
        // Its opener went with the open week: once it has closed, focus goes to the report the close made
        // (the dialog's own return would fall to the page's top).
        onCloseAutoFocus={(event) => {
          if (!close.isSuccess) return;
          event.preventDefault();
          setFocusTarget(REPORT_LINK_ID);
        }}
      />
      {asking === 'move' && <MoveMeetingDialog meeting={current} onClose={() => setAsking(null)} />}
      {asking === 'reopen' && <ReopenDialog meeting={current} onClose={() => setAsking(null)} />}
    </div>
  );
}

/** Who said ahead they will be away, and how (excused with a reason, or a substitute named). */
function AwayList({ away }: { away: MeetingDetail['away'] }) {
  if (away.length === 0) return null;
  return (
    <div className="mt-4" data-testid="meeting-away">
      <h4 className="text-sm font-semibold text-slate-900">Away this week ({away.length})</h4>
      <ul className="mt-1 space-y-1 text-sm text-slate-700">
        {away.map((a) => (
          <li key={a.memberId}>
            <span className="font-medium text-slate-900">{a.memberName}</span>:{' '}
            {a.kind === 'substitute'
              ? `substitute ${a.substituteName ?? ''}${a.substituteEmail ? ` (${a.substituteEmail})` : ''}`
              : `excused${a.reason ? `, ${a.reason}` : ''}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The meeting's records by name, a page at a time; edited and deleted only while the meeting is open. */
function MeetingRecords({ date, editable }: { date: string; editable: boolean }) {
  const records = useMeetingRecords(date);
  return (
    <Card className="p-4 sm:p-6" data-testid="attendance-detail">
      <h3 className="font-semibold text-slate-900">Records</h3>
      <QueryState
        query={loadedItems(records)}
        loading={<Spinner />}
        error="We could not load this meeting's records. Please try again."
        empty="No records for this meeting yet"
        isEmpty={(items) => items.length === 0}
      >
        {(items) => (
          <>
            <ul className="mt-2 divide-y divide-slate-100">
              {items.map((record) => (
                <MeetingRecord key={record.id} record={record} editable={editable} />
              ))}
            </ul>
            <LoadMore query={records} />
          </>
        )}
      </QueryState>
    </Card>
  );
}
