import { useState } from 'react';
import { MEETING_MESSAGES } from '../../../../domain/attendance/meeting-messages';
import type { MyMeetings } from '../../../../domain/attendance/meetings';
import type { AwayKind } from '../../../../domain/attendance/status';
import { formatWallTime, type TimeFormat } from '../../../../domain/chapters/time-format';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Textarea } from '../../../components/ui/form-controls';
import { Input, Label } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/dates';
import { toastApiError } from '../../../lib/toast-api-error';
import { useGiveAwayNotice, useMyMeetings, useWithdrawAwayNotice } from '../api/meeting-queries';

type NextMeeting = MyMeetings['meetings'][number];

/**
 * "I'll be away": a member's next meetings, each with a way to tell the chapter ahead that
 * they are excused (with a reason) or send a substitute; leaders see it on the meeting, and it is recorded
 * when the meeting opens.
 */
export function AwayCard() {
  const mine = useMyMeetings();
  return (
    <Card className="p-4 sm:p-6" data-testid="away-card">
      <h2 className="text-lg font-semibold text-slate-900">Coming meetings</h2>
      {mine.isError ? (
        <p role="alert" className="mt-2 text-red-700">
          We could not load your meetings. Please try again.
        </p>
      ) : !mine.data ? (
        <Skeleton aria-busy="true" className="mt-3 h-16" />
      ) : mine.data.meetings.length === 0 ? (
        <p className="mt-2 text-slate-600">No meetings are planned yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {mine.data.meetings.map((m) => (
            <NextMeetingLine
              key={m.meetingDate}
              meeting={m}
              timeFormat={mine.data.timeFormat}
              substitutesRemaining={mine.data.substitutesRemaining}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

function NextMeetingLine({
  meeting,
  timeFormat,
  substitutesRemaining,
}: {
  meeting: NextMeeting;
  timeFormat: TimeFormat;
  substitutesRemaining: number | null;
}) {
  const [telling, setTelling] = useState(false);
  const withdraw = useWithdrawAwayNotice();
  const day = formatDate(meeting.meetingDate, 'long');
  const canTell = meeting.state === 'scheduled';
  return (
    <li
      className="py-3"
      data-testid="next-meeting"
      data-date={meeting.meetingDate}
      data-state={meeting.state}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium text-slate-900">
            {day}, {formatWallTime(meeting.startTime, timeFormat)}
          </p>
          <p className="text-sm text-slate-600">
            {meeting.state === 'holiday'
              ? 'No meeting (holiday)'
              : (meeting.place ?? 'Place to be announced')}
          </p>
        </div>
        {canTell && !meeting.away && !telling && (
          <Button size="sm" variant="outline" onClick={() => setTelling(true)}>
            I&apos;ll be away
          </Button>
        )}
      </div>
      {meeting.away && (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-50 p-2 text-sm text-slate-800">
          <span data-testid="my-away">
            {meeting.away.kind === 'substitute'
              ? `Sending a substitute: ${meeting.away.substituteName ?? ''}`
              : `Excused: ${meeting.away.reason ?? ''}`}
          </span>
          {canTell && (
            <Button
              size="sm"
              variant="ghost"
              pending={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(meeting.meetingDate, {
                  onSuccess: () => toast({ title: "You'll be there", description: day }),
                  onError: (err) => toastApiError(err, 'Failed to update your plans'),
                })
              }
            >
              I&apos;ll be there after all
            </Button>
          )}
        </div>
      )}
      {telling && (
        <AwayForm
          meeting={meeting}
          substitutesRemaining={substitutesRemaining}
          onDone={() => setTelling(false)}
        />
      )}
    </li>
  );
}

function AwayForm({
  meeting,
  substitutesRemaining,
  onDone,
}: {
  meeting: NextMeeting;
  substitutesRemaining: number | null;
  onDone: () => void;
}) {
  const give = useGiveAwayNotice();
  const [kind, setKind] = useState<AwayKind>('excused');
  const [reason, setReason] = useState('');
  const [substituteName, setSubstituteName] = useState('');
  const [substituteEmail, setSubstituteEmail] = useState('');
  const [error, setError] = useState<string>();
  const id = `away-${meeting.meetingDate}`;
  const noSubstitutes = substitutesRemaining === 0;
  const submit = () => {
    if (kind === 'excused' && !reason.trim()) return setError(MEETING_MESSAGES.awayReasonRequired);
    if (kind === 'substitute' && !substituteName.trim())
      return setError(MEETING_MESSAGES.substituteNameRequired);
    give.mutate(
      {
        meetingDate: meeting.meetingDate,
        kind,
        reason: reason.trim() || null,
        ...(kind === 'substitute'
          ? { substituteName: substituteName.trim(), substituteEmail: substituteEmail.trim() || null }
          : {}),
      },
      {
        onSuccess: () => {
          toast({ title: 'The chapter knows', description: formatDate(meeting.meetingDate, 'long') });
          onDone();
        },
        onError: (err) => toastApiError(err, 'Failed to tell the chapter'),
      },
    );
  };
  return (
    <div className="mt-2 space-y-3 rounded-md border border-slate-200 p-3" data-testid="away-form">
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">How will you be away?</legend>
        {(
          [
            ['excused', 'Excused'],
            ['substitute', noSubstitutes ? 'Send a substitute (none left)' : 'Send a substitute'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex min-h-8 items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={`${id}-kind`}
              value={value}
              checked={kind === value}
              disabled={value === 'substitute' && noSubstitutes}
              onChange={() => {
                setKind(value);
                setError(undefined);
              }}
              className="size-4 accent-brand-700"
            />
            {label}
          </label>
        ))}
      </fieldset>
      {kind === 'substitute' ? (
        <div className="grid gap-2 sm:grid-cols-2">
          <div className="space-y-1">
            <Label htmlFor={`${id}-sub-name`}>Substitute&apos;s name</Label>
            <Input
              id={`${id}-sub-name`}
              value={substituteName}
              onChange={(e) => setSubstituteName(e.target.value)}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-sub-email`}>Substitute&apos;s email (optional)</Label>
            <Input
              id={`${id}-sub-email`}
              type="email"
              value={substituteEmail}
              onChange={(e) => setSubstituteEmail(e.target.value)}
            />
          </div>
        </div>
      ) : (
        <div className="space-y-1">
          <Label htmlFor={`${id}-reason`}>Reason</Label>
          <Textarea id={`${id}-reason`} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button size="sm" onClick={submit} pending={give.isPending}>
          Tell the chapter
        </Button>
        <Button size="sm" variant="outline" onClick={onDone} disabled={give.isPending}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
