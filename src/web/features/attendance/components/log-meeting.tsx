import { useEffect, useMemo, useState } from 'react';
import type { AttendanceStatus, AttendanceSubmission } from '../../../../domain/attendance/contracts';
import { EARLIEST_DATE, todayIn } from '../../../../domain/dates';
import type { MemberChoice } from '../../../../domain/members/contracts';
import { displayName } from '../../../../domain/members/display-name';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useConfirmDiscard, useDraftKey } from '../../../components/ui/form';
import { readDraft, removeDraft, writeDraft } from '../../../components/ui/form/drafts';
import { Textarea } from '../../../components/ui/form-controls';
import { Input, Label } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDate } from '../../../lib/dates';
import { toastApiError } from '../../../lib/toast-api-error';
import { useMemberChoices } from '../../directory/api/directory-queries';
import { useLogAttendance } from '../api/attendance-queries';
import { PrintSheet } from './print-sheet';
import { StatusRadios } from './status-radios';

type Marks = Record<string, { status?: AttendanceStatus; notes: string }>;

/** What the meeting already holds, so opening a saved date corrects it instead of re-entering it. */
const marksFrom = (meeting: AttendanceSubmission | undefined): Marks =>
  Object.fromEntries(
    (meeting?.records ?? []).map((r) => [r.memberId, { status: r.status, notes: r.notes ?? '' }]),
  );

/** Unsaved marks, per meeting date, and the date on screen: a reload or a tab switch loses none. */
interface AttendanceDraft {
  date: string;
  edits: Record<string, Marks>;
}

/** The draft kept in this browser (issue 38.1); the date comes back only with unsaved marks on it. */
function useAttendanceDraft() {
  const key = useDraftKey('attendance');
  const [draft, setDraft] = useState<AttendanceDraft>(() => {
    const kept = readDraft<AttendanceDraft>(key);
    return kept?.edits[kept.date] ? kept : { date: todayIn(), edits: {} };
  });
  useEffect(() => {
    if (Object.keys(draft.edits).length > 0) writeDraft(key, draft);
    else removeDraft(key);
  }, [key, draft]);
  return [draft, setDraft] as const;
}

/** Logs one meeting: a date (today in the chapter by default) and a card per member. */
export function LogMeeting({ submissions }: { submissions: AttendanceSubmission[] }) {
  const members = useMemberChoices();
  const save = useLogAttendance();
  const [draft, setDraft] = useAttendanceDraft();
  const { date } = draft;
  const saved = useMemo(() => submissions.find((s) => s.date === date), [submissions, date]);
  const edited = draft.edits[date];
  const marks = useMemo(() => edited ?? marksFrom(saved), [edited, saved]);
  const discard = useConfirmDiscard();

  const setDate = (next: string) => setDraft((current) => ({ ...current, date: next }));
  const setMarks = (update: (current: Marks) => Marks) =>
    setDraft((current) => ({
      ...current,
      edits: { ...current.edits, [current.date]: update(current.edits[current.date] ?? marks) },
    }));
  const forget = (day: string) =>
    setDraft((current) => {
      const { [day]: _, ...edits } = current.edits;
      return { ...current, edits };
    });
  const mark = (memberId: string, change: Partial<Marks[string]>) =>
    setMarks((current) => ({ ...current, [memberId]: { notes: '', ...current[memberId], ...change } }));
  const everyonePresent = () =>
    setMarks((current) =>
      Object.fromEntries(
        (members.data ?? []).map((m) => [m.id, { status: 'present', notes: current[m.id]?.notes ?? '' }]),
      ),
    );

  const submit = () => {
    const attendanceRecords = Object.entries(marks)
      .filter(([, m]) => m.status)
      .map(([memberId, m]) => ({
        memberId,
        status: m.status!.toUpperCase(),
        ...(m.notes.trim() ? { notes: m.notes.trim() } : {}),
      }));
    if (attendanceRecords.length === 0) {
      toast({
        title: 'No Attendance Marked',
        description: 'Please mark attendance for at least one member.',
        variant: 'destructive',
      });
      return;
    }
    save.mutate(
      { meetingDate: date, attendanceRecords },
      {
        onSuccess: () => {
          forget(date);
          toast({ title: 'Attendance Saved', description: formatDate(date, 'long') });
        },
        onError: (err) => toastApiError(err, 'Failed to save attendance. Please try again.'),
      },
    );
  };

  return (
    <Card className="p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3 print:hidden">
        <div className="space-y-1">
          <Label htmlFor="meeting-date">Meeting date</Label>
          <Input
            id="meeting-date"
            type="date"
            min={EARLIEST_DATE}
            max={todayIn()}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            className="w-44"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={everyonePresent} disabled={!members.data}>
            Mark everyone present
          </Button>
          <Button variant="outline" onClick={() => window.print()}>
            Print sheet
          </Button>
        </div>
      </div>
      {edited && (
        <p className="mt-3 text-sm text-slate-700 print:hidden" data-testid="attendance-unsaved">
          Unsaved marks for this date are kept on this device until you save or discard them.
        </p>
      )}
      {saved && (
        <p className="mt-3 text-sm text-slate-700 print:hidden">
          This meeting has {saved.totalMembers} saved record{saved.totalMembers === 1 ? '' : 's'}; saving
          updates them.
        </p>
      )}
      {!members.data ? (
        <Spinner />
      ) : (
        <>
          <ul className="mt-4 grid gap-3 md:grid-cols-2 print:hidden">
            {members.data.map((member) => (
              <MemberMark
                key={member.id}
                member={member}
                mark={marks[member.id]}
                onMark={(c) => mark(member.id, c)}
              />
            ))}
          </ul>
          <PrintSheet date={date} members={members.data} />
        </>
      )}
      <div className="mt-4 flex flex-wrap gap-2 print:hidden">
        <Button onClick={submit} pending={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Attendance'}
        </Button>
        {edited && (
          <Button
            variant="outline"
            onClick={() => discard.ask(true, () => forget(date))}
            disabled={save.isPending}
          >
            Discard changes
          </Button>
        )}
      </div>
      {discard.dialog}
    </Card>
  );
}

function MemberMark({
  member,
  mark,
  onMark,
}: {
  member: MemberChoice;
  mark: Marks[string] | undefined;
  onMark: (change: Partial<Marks[string]>) => void;
}) {
  const name = displayName(member);
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="attendance-member">
      <div className="flex items-center gap-3">
        <UserAvatar person={member} size="sm" />
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{name}</p>
          {member.businessName && <p className="truncate text-sm text-slate-600">{member.businessName}</p>}
        </div>
      </div>
      <div className="mt-2">
        <StatusRadios
          name={`status-${member.id}`}
          legend={`Attendance for ${name}`}
          value={mark?.status}
          onChange={(status) => onMark({ status })}
        />
      </div>
      <Label htmlFor={`notes-${member.id}`} className="sr-only">
        Notes for {name}
      </Label>
      <Textarea
        id={`notes-${member.id}`}
        className="mt-2"
        rows={2}
        placeholder="Notes (optional)"
        value={mark?.notes ?? ''}
        onChange={(e) => onMark({ notes: e.target.value })}
      />
    </li>
  );
}
