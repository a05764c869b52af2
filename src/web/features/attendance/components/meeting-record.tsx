import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { AttendanceRecord } from '../../../../domain/attendance/contracts';
import { ATTENDANCE_MESSAGES } from '../../../../domain/attendance/messages';
import { ATTENDANCE_STATUS_LABELS, type AttendanceStatus } from '../../../../domain/attendance/status';
import { displayName } from '../../../../domain/members/display-name';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Textarea } from '../../../components/ui/form-controls';
import { Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { toastApiError } from '../../../lib/toast-api-error';
import { useDeleteAttendanceRecord, useEditAttendanceRecord } from '../api/attendance-queries';
import { StatusRadios } from './status-radios';

const BADGE = {
  present: 'success',
  late: 'warning',
  substitute: 'secondary',
  absent: 'destructive',
  excused: 'secondary',
} as const;

/**
 * One member's record at a meeting; while the meeting is open (`editable`), edit (starting at its
 * current status) and delete.
 */
export function MeetingRecord({ record, editable = true }: { record: AttendanceRecord; editable?: boolean }) {
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<AttendanceStatus>(record.status);
  const [notes, setNotes] = useState(record.notes ?? '');
  const [substituteName, setSubstituteName] = useState(record.substituteName ?? '');
  const [confirming, setConfirming] = useState(false);
  const edit = useEditAttendanceRecord();
  const remove = useDeleteAttendanceRecord();
  const name = displayName(record);

  const startEdit = () => {
    setStatus(record.status);
    setNotes(record.notes ?? '');
    setSubstituteName(record.substituteName ?? '');
    setEditing(true);
  };
  const save = () =>
    edit.mutate(
      {
        id: record.id,
        status,
        notes: notes.trim() || null,
        ...(status === 'substitute'
          ? { substituteName: substituteName.trim(), substituteEmail: record.substituteEmail }
          : {}),
      },
      {
        onSuccess: () => {
          toast({ title: 'Attendance record updated successfully' });
          setEditing(false);
        },
        onError: (err) => toastApiError(err, 'Failed to update attendance record'),
      },
    );

  return (
    <li className="space-y-2 py-3" data-testid="attendance-record">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">{name}</p>
        <div className="flex items-center gap-1">
          <Badge variant={BADGE[record.status]}>{ATTENDANCE_STATUS_LABELS[record.status]}</Badge>
          {editable && (
            <>
              <Button size="sm" variant="ghost" aria-label={`Edit ${name}'s record`} onClick={startEdit}>
                <Pencil aria-hidden />
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete ${name}'s record`}
                onClick={() => setConfirming(true)}
              >
                <Trash2 aria-hidden />
              </Button>
            </>
          )}
        </div>
      </div>
      {record.status === 'substitute' && record.substituteName && !editing && (
        <p className="text-sm text-slate-700">
          Substitute: {record.substituteName}
          {record.substituteEmail ? ` (${record.substituteEmail})` : ''}
        </p>
      )}
      {record.notes && !editing && <p className="text-sm text-slate-600">{record.notes}</p>}
      {editing && (
        <div className="space-y-2 rounded-md bg-slate-50 p-2">
          <StatusRadios
            name={`edit-${record.id}`}
            legend={`New status for ${name}`}
            value={status}
            onChange={setStatus}
          />
          {status === 'substitute' && (
            <>
              <Label htmlFor={`edit-sub-${record.id}`}>Substitute&apos;s name</Label>
              <Input
                id={`edit-sub-${record.id}`}
                value={substituteName}
                onChange={(e) => setSubstituteName(e.target.value)}
              />
            </>
          )}
          <Label htmlFor={`edit-notes-${record.id}`}>Notes</Label>
          <Textarea
            id={`edit-notes-${record.id}`}
            rows={2}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
          <div className="flex gap-2">
            <Button size="sm" onClick={save} disabled={edit.isPending}>
              Save
            </Button>
            <Button size="sm" variant="outline" onClick={() => setEditing(false)} disabled={edit.isPending}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Attendance Record"
        description={ATTENDANCE_MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(record.id, {
            onSuccess: () => {
              toast({ title: 'Attendance record deleted successfully' });
              setConfirming(false);
            },
            onError: (err) => toastApiError(err, 'Failed to delete attendance record'),
          })
        }
      />
    </li>
  );
}
