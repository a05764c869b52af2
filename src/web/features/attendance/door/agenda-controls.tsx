import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type AgendaSegment, type AgendaState, agendaSchema } from '../../../../domain/attendance/agenda';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { toastApiError } from '../../../lib/toast-api-error';
import { useAgendaTemplate, useRunAgenda, useSaveAgendaTemplate } from '../api/door-queries';
import { AgendaClockFace } from './agenda-clock';

/** The president's timer: start, next part, back one, stop; and the chapter's agenda to edit. */
export function AgendaControls({ meetingId, state }: { meetingId: string; state: AgendaState }) {
  const run = useRunAgenda(meetingId);
  const [editing, setEditing] = useState(false);
  const started = state.segment !== null;
  // Start and Stop replace themselves: focus moves to what takes their place, not to the page's body.
  const nextPart = useRef<HTMLButtonElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const [followFocus, setFollowFocus] = useState(false);
  useEffect(() => {
    if (!followFocus) return;
    const target = started ? nextPart.current : startButton.current;
    target?.focus();
    setFollowFocus(false);
  }, [started, followFocus]);
  const press = (action: 'start' | 'next' | 'back' | 'stop') =>
    run.mutate(action, {
      onSuccess: () => {
        if (action === 'start' || action === 'stop') setFollowFocus(true);
      },
      onError: (err) => toastApiError(err, 'Failed to move the agenda'),
    });
  return (
    <Card className="p-4" data-testid="agenda-timer">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">Agenda</h2>
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          Edit agenda
        </Button>
      </div>
      <div className="mt-2" aria-live="polite" aria-atomic>
        <AgendaClockFace state={state} />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {started ? (
          <>
            <Button
              variant="outline"
              onClick={() => press('back')}
              disabled={run.isPending || state.segment === 0}
            >
              Back
            </Button>
            <Button
              ref={nextPart}
              onClick={() => press('next')}
              disabled={run.isPending || state.segment === state.agenda.length}
            >
              Next part
            </Button>
            <Button variant="outline" onClick={() => press('stop')} disabled={run.isPending}>
              Stop
            </Button>
          </>
        ) : (
          <Button ref={startButton} onClick={() => press('start')} pending={run.isPending}>
            Start the agenda
          </Button>
        )}
      </div>
      {editing && <AgendaEditor onClose={() => setEditing(false)} />}
    </Card>
  );
}

type Row = { title: string; minutes: string };
const toRows = (agenda: AgendaSegment[]): Row[] =>
  agenda.map((s) => ({ title: s.title, minutes: String(s.minutes) }));

/** The chapter's agenda: parts with minutes, in order; the next start of the timer uses it. */
function AgendaEditor({ onClose }: { onClose: () => void }) {
  const template = useAgendaTemplate(true);
  const save = useSaveAgendaTemplate();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = rows ?? (template.data ? toRows(template.data.agenda) : null);
  const change = (i: number, patch: Partial<Row>) =>
    setRows((shown ?? []).map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = () => {
    const parsed = agendaSchema.safeParse(
      (shown ?? []).map((r) => ({ title: r.title, minutes: Number(r.minutes) })),
    );
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the agenda');
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Agenda saved', description: 'The next start of the timer uses it.' });
        onClose();
      },
      onError: (err) => toastApiError(err, 'Failed to save the agenda'),
    });
  };
  const total = (shown ?? []).reduce((sum, r) => sum + (Number(r.minutes) || 0), 0);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>The chapter&apos;s agenda</DialogTitle>
        <DialogDescription>Each part with its minutes, in order ({total} minutes in all).</DialogDescription>
        {!shown ? (
          <p role="status">Loading...</p>
        ) : (
          <ol className="max-h-[50vh] space-y-2 overflow-y-auto">
            {shown.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their place is who they are
              <li key={i} className="flex items-end gap-2">
                <div className="flex-1 space-y-1">
                  <Label htmlFor={`agenda-title-${i}`}>Part {i + 1}</Label>
                  <Input
                    id={`agenda-title-${i}`}
                    value={row.title}
                    onChange={(e) => change(i, { title: e.target.value })}
                  />
                </div>
                <div className="w-20 space-y-1">
                  <Label htmlFor={`agenda-minutes-${i}`}>Minutes</Label>
                  <Input
                    id={`agenda-minutes-${i}`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={180}
                    value={row.minutes}
                    onChange={(e) => change(i, { minutes: e.target.value })}
                  />
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove part ${i + 1}`}
                  onClick={() => setRows(shown.filter((_, j) => j !== i))}
                >
                  <Trash2 className="size-4" />
                </Button>
              </li>
            ))}
          </ol>
        )}
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap justify-between gap-2">
          <Button variant="outline" onClick={() => setRows([...(shown ?? []), { title: '', minutes: '5' }])}>
            <Plus className="size-4" /> Add a part
          </Button>
          <div className="flex gap-2">
            <Button variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button onClick={submit} pending={save.isPending} disabled={!shown}>
              Save agenda
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
