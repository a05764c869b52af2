import { useEffect, useMemo, useState } from 'react';
import type { AttendanceRecord } from '../../../../domain/attendance/contracts';
import { displayName } from '../../../../domain/members/display-name';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useConfirmDiscard, useDraftKey } from '../../../components/ui/form';
import { readDraft, removeDraft, writeDraft } from '../../../components/ui/form/drafts';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/dates';
import { toastApiError } from '../../../lib/toast-api-error';
import { useRosterChoices } from '../../directory';
import { useLogAttendance, useWholeMeeting } from '../api/attendance-queries';
import { FindMember } from './find-member';
import { type Marks, MemberMark } from './member-mark';
import { PrintSheet } from './print-sheet';

/** What the meeting already holds, so opening a saved date corrects it instead of re-entering it. */
const marksFrom = (records: AttendanceRecord[] | undefined): Marks =>
  Object.fromEntries(
    (records ?? []).map((r) => [
      r.memberId,
      {
        status: r.status,
        notes: r.notes ?? '',
        substituteName: r.substituteName ?? '',
        substituteEmail: r.substituteEmail ?? '',
      },
    ]),
  );

/** Unsaved marks, per meeting date: a reload or a tab switch loses none. */
interface AttendanceDraft {
  date: string;
  edits: Record<string, Marks>;
}

/** The draft kept in this browser, for the meeting on screen. */
function useAttendanceDraft(date: string) {
  const key = useDraftKey('attendance');
  const [draft, setDraft] = useState<AttendanceDraft>(() => ({
    edits: readDraft<AttendanceDraft>(key)?.edits ?? {},
    date,
  }));
  useEffect(() => setDraft((current) => (current.date === date ? current : { ...current, date })), [date]);
  useEffect(() => {
    if (Object.keys(draft.edits).length > 0) writeDraft(key, draft);
    else removeDraft(key);
  }, [key, draft]);
  return [draft, setDraft] as const;
}

/** Members whose name or business holds `search` (the whole chapter is on screen; this only narrows it). */
const matching = <
  T extends { firstName: string | null; lastName: string | null; businessName: string | null },
>(
  members: T[],
  search: string,
) => {
  const needle = search.trim().toLowerCase();
  if (!needle) return members;
  return members.filter((m) => `${displayName(m)} ${m.businessName ?? ''}`.toLowerCase().includes(needle));
};

/**
 * Records one open meeting (the editor of an open meeting): a card per member (found by
 * name) with their PALMS status, and Save kept in view at the bottom of the screen while the cards scroll.
 */
/** The recording form's heading: where focus lands once a week is opened for recording. */
export const RECORD_HEADING_ID = 'record-meeting-heading';

export function LogMeeting({ date }: { date: string }) {
  const members = useRosterChoices();
  const save = useLogAttendance();
  const [draft, setDraft] = useAttendanceDraft(date);
  const meeting = useWholeMeeting(date, true);
  const saved = meeting.data;
  const edited = draft.edits[date];
  const marks = useMemo(() => edited ?? marksFrom(saved), [edited, saved]);
  const discard = useConfirmDiscard();
  const [search, setSearch] = useState('');
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
  const markedCount = Object.values(marks).filter((m) => m.status).length;
  const shown = matching(members.data ?? [], search);

  const submit = () => {
    const unnamed = Object.entries(marks).find(
      ([, m]) => m.status === 'substitute' && !m.substituteName?.trim(),
    );
    if (unnamed) {
      toast({
        title: 'Name the substitute',
        description: "Enter the substitute's name",
        variant: 'destructive',
      });
      document.getElementById(`sub-name-${unnamed[0]}`)?.focus();
      return;
    }
    const attendanceRecords = Object.entries(marks)
      .filter(([, m]) => m.status)
      .map(([memberId, m]) => ({
        memberId,
        status: m.status!.toUpperCase(),
        ...(m.notes.trim() ? { notes: m.notes.trim() } : {}),
        ...(m.status === 'substitute'
          ? { substituteName: m.substituteName?.trim(), substituteEmail: m.substituteEmail?.trim() || null }
          : {}),
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
      <div className="flex flex-wrap items-start justify-between gap-3 print:hidden">
        <h3 id={RECORD_HEADING_ID} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
          Record the meeting of {formatDate(date, 'long')}
        </h3>
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
      {saved && saved.length > 0 && (
        <p className="mt-3 text-sm text-slate-700 print:hidden">
          This meeting has {saved.length} saved record{saved.length === 1 ? '' : 's'}; saving updates them.
        </p>
      )}
      <FindMember
        id="attendance-find"
        className="mt-4 max-w-sm space-y-1 print:hidden"
        value={search}
        onChange={setSearch}
      />
      {members.isError || meeting.isError ? (
        <p role="alert" className="mt-4 text-red-700 print:hidden">
          We could not load the members to mark. Please try again.
        </p>
      ) : !members.data || meeting.isLoading ? (
        <Spinner />
      ) : (
        <>
          {shown.length === 0 && (
            <p className="mt-4 text-slate-600 print:hidden">
              No members match &ldquo;{search.trim()}&rdquo;.
            </p>
          )}
          <ul className="mt-4 grid gap-3 md:grid-cols-2 print:hidden">
            {shown.map((member) => (
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
      {/* Save stays in view on a long list: it sticks to the bottom of the screen (above any toast). */}
      <div
        className="sticky bottom-[var(--toast-space,0px)] z-10 -mx-4 mt-4 flex flex-wrap items-center gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 print:hidden"
        data-testid="attendance-actions"
      >
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
        {members.data && (
          <span className="text-sm text-slate-600" data-testid="attendance-marked-count">
            {markedCount} of {members.data.length} marked
          </span>
        )}
      </div>
      {discard.dialog}
    </Card>
  );
}
