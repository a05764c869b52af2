import { type ReactNode, useState } from 'react';
import { MEETING_MESSAGES } from '../../../../domain/attendance/meeting-messages';
import type { Meeting } from '../../../../domain/attendance/meetings';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/form-controls';
import { Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/dates';
import { toastApiError } from '../../../lib/toast-api-error';
import { useCreateMeeting, useReopenMeeting, useUpdateMeeting } from '../api/meeting-queries';

interface Plan {
  meetingDate: string;
  startTime: string;
  place: string;
  onlineUrl: string;
}

/** Date, start time, place and online link: an extra meeting, or a meeting moved. */
function PlanFields({
  plan,
  onChange,
  idPrefix,
}: {
  plan: Plan;
  onChange: (p: Plan) => void;
  idPrefix: string;
}) {
  const field = (key: keyof Plan, label: string, type = 'text') => (
    <div className="space-y-1">
      <Label htmlFor={`${idPrefix}-${key}`}>{label}</Label>
      <Input
        id={`${idPrefix}-${key}`}
        type={type}
        value={plan[key]}
        onChange={(e) => onChange({ ...plan, [key]: e.target.value })}
      />
    </div>
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {field('meetingDate', 'Date', 'date')}
      {field('startTime', 'Start time', 'time')}
      {field('place', 'Place (optional)')}
      {field('onlineUrl', 'Online link (optional)', 'url')}
    </div>
  );
}

/** A meeting dialog: its fields, then Cancel and the one action (closing leaves everything as it was). */
function MeetingDialog({
  title,
  description,
  action,
  pending,
  onAction,
  onClose,
  children,
}: {
  title: string;
  description: ReactNode;
  action: string;
  pending: boolean;
  onAction: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {children}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={onAction} pending={pending}>
            {action}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

const sent = (plan: Plan) => ({
  meetingDate: plan.meetingDate,
  startTime: plan.startTime,
  place: plan.place.trim() || null,
  onlineUrl: plan.onlineUrl.trim() || null,
});

const COUNTS_CHOICES = [
  { counts: true, label: 'It counts: a chapter meeting (whoever is not there is marked absent)' },
  { counts: false, label: 'It does not count: a social or a training (nobody is marked absent)' },
] as const;

/** Leadership adds a meeting beside the schedule's (a make-up week, a social), and says whether it counts. */
export function ExtraMeetingDialog({
  onClose,
  onMade,
}: {
  onClose: () => void;
  onMade: (meeting: Meeting) => void;
}) {
  const create = useCreateMeeting();
  const [plan, setPlan] = useState<Plan>({ meetingDate: '', startTime: '07:00', place: '', onlineUrl: '' });
  const [counts, setCounts] = useState(true);
  const submit = () =>
    create.mutate(
      { ...sent(plan), counts },
      {
        onSuccess: (meeting) => {
          toast({ title: 'Meeting added', description: formatDate(meeting.meetingDate, 'long') });
          onMade(meeting);
          onClose();
        },
        onError: (err) => toastApiError(err, 'Failed to add the meeting'),
      },
    );
  return (
    <MeetingDialog
      title="Add a meeting"
      description="An extra meeting beside the chapter's weekly one."
      action="Add meeting"
      pending={create.isPending}
      onAction={submit}
      onClose={onClose}
    >
      <PlanFields plan={plan} onChange={setPlan} idPrefix="extra" />
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-900">Does it count for attendance?</legend>
        {COUNTS_CHOICES.map((choice) => (
          <label
            key={String(choice.counts)}
            className="flex min-h-8 items-start gap-2 text-sm text-slate-800"
          >
            <input
              type="radio"
              name="extra-counts"
              checked={counts === choice.counts}
              onChange={() => setCounts(choice.counts)}
              className="mt-0.5 size-4 accent-brand-700"
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </fieldset>
    </MeetingDialog>
  );
}

/** Moves a meeting not yet opened: another day, time, place or link. */
export function MoveMeetingDialog({ meeting, onClose }: { meeting: Meeting; onClose: () => void }) {
  const update = useUpdateMeeting();
  const [plan, setPlan] = useState<Plan>({
    meetingDate: meeting.meetingDate,
    startTime: meeting.startTime,
    place: meeting.place ?? '',
    onlineUrl: meeting.onlineUrl ?? '',
  });
  const submit = () =>
    update.mutate(
      { id: meeting.id, ...sent(plan) },
      {
        onSuccess: () => {
          toast({ title: 'Meeting moved', description: formatDate(plan.meetingDate, 'long') });
          onClose();
        },
        onError: (err) => toastApiError(err, 'Failed to move the meeting'),
      },
    );
  return (
    <MeetingDialog
      title="Move the meeting"
      description={`The meeting of ${formatDate(meeting.meetingDate, 'long')}.`}
      action="Move meeting"
      pending={update.isPending}
      onAction={submit}
      onClose={onClose}
    >
      <PlanFields plan={plan} onChange={setPlan} idPrefix="move" />
    </MeetingDialog>
  );
}

/** An administrator reopens a closed week, saying why (kept in the audit log). */
export function ReopenDialog({ meeting, onClose }: { meeting: Meeting; onClose: () => void }) {
  const reopen = useReopenMeeting();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = () => {
    if (!reason.trim()) {
      setError(MEETING_MESSAGES.reasonRequired);
      return;
    }
    reopen.mutate(
      { id: meeting.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Week reopened', description: formatDate(meeting.meetingDate, 'long') });
          onClose();
        },
        onError: (err) => toastApiError(err, 'Failed to reopen the week'),
      },
    );
  };
  return (
    <MeetingDialog
      title="Reopen the week"
      description="Its records leave every total until the week is closed again. The reason is kept in the audit log."
      action="Reopen week"
      pending={reopen.isPending}
      onAction={submit}
      onClose={onClose}
    >
      <div className="space-y-1">
        <Label htmlFor="reopen-reason">Reason</Label>
        <Textarea
          id="reopen-reason"
          rows={3}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'reopen-reason-error' : undefined}
        />
        {error && (
          <p id="reopen-reason-error" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    </MeetingDialog>
  );
}
