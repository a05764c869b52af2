import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'wouter';
import { NOTIFICATION_LINKS } from '../../../../domain/notifications/kinds';
import type { SlipDesk } from '../../../../domain/slip-desk/contracts';
import { SLIP_DESK_MESSAGES as M, SLIP_KIND_LABELS, SLIP_KINDS } from '../../../../domain/slip-desk/messages';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useDraftKey } from '../../../components/ui/form';
import { readDraft, removeDraft, writeDraft } from '../../../components/ui/form/drafts';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { toastApiError } from '../../../lib/toast-api-error';
import { useChangeDeskSetting, useSaveSlips, useSlipDesk } from '../api/slip-desk-queries';
import {
  cellErrors,
  countKinds,
  type DeskDraft,
  type DeskRow,
  isBlank,
  memberLabels,
  newDraft,
  newRow,
  toPayload,
} from '../components/desk-rows';
import { SlipGrid } from '../components/slip-grid';

/**
 * The slips desk: leadership keys a week's paper slips in, on the members' behalf. What is typed stays in this
 * browser until saved; a save is one batch under one key, so a retry after a lost answer counts once.
 */
export default function SlipDeskPage() {
  const { id = '' } = useParams<{ id: string }>();
  const desk = useSlipDesk(id);
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-4 sm:py-6">
      <Link
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        href={NOTIFICATION_LINKS.meeting(id)}
      >
        <ArrowLeft aria-hidden className="size-4" /> Back to the meeting
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Slips desk</h1>
        {desk.data && (
          <p className="text-slate-700">
            {desk.data.meeting.chapterName} · {formatDate(desk.data.meeting.meetingDate, 'long')} · every slip
            is dated the meeting&apos;s day and said to be entered by you
          </p>
        )}
      </div>
      {desk.isError && !desk.data ? (
        <Card role="alert" className="space-y-3 p-4">
          <p className="text-slate-800">
            {desk.error instanceof ApiError && desk.error.serverMessage
              ? desk.error.serverMessage
              : 'The desk could not be loaded.'}
          </p>
          <Button variant="outline" onClick={() => void desk.refetch()}>
            Try again
          </Button>
        </Card>
      ) : !desk.data ? (
        <div role="status" aria-label="Loading the desk" className="space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : (
        <Desk meetingId={id} desk={desk.data} />
      )}
    </div>
  );
}

function Desk({ meetingId, desk }: { meetingId: string; desk: SlipDesk }) {
  const storageKey = useDraftKey(`slip-desk:${meetingId}`);
  const [draft, setDraft] = useState<DeskDraft>(() => readDraft<DeskDraft>(storageKey) ?? newDraft());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const save = useSaveSlips(meetingId);
  const { labels, idOf } = useMemo(() => memberLabels(desk.members), [desk.members]);
  const counts = countKinds(draft.rows);
  const filled = draft.rows.filter((row) => !isBlank(row)).length;

  useEffect(() => {
    if (draft.rows.every(isBlank)) removeDraft(storageKey);
    else writeDraft(storageKey, draft);
  }, [draft, storageKey]);

  const setRows = (rows: (rows: DeskRow[]) => DeskRow[]) => setDraft((d) => ({ ...d, rows: rows(d.rows) }));
  const change = (key: string, cell: Exclude<keyof DeskRow, 'key'>, value: string) => {
    setRows((rows) => rows.map((row) => (row.key === key ? { ...row, [cell]: value } : row)));
    setErrors(({ [`${key}.${cell}`]: _, ...rest }) => rest);
  };
  const add = (afterKey: string) => {
    const previous = draft.rows.find((row) => row.key === afterKey);
    const row = newRow(previous?.kind);
    setRows((rows) => {
      const at = rows.findIndex((r) => r.key === afterKey);
      return [...rows.slice(0, at + 1), row, ...rows.slice(at + 1)];
    });
    setFocusKey(row.key);
  };
  const remove = (key: string) =>
    setRows((rows) => (rows.length === 1 ? [newRow()] : rows.filter((row) => row.key !== key)));

  /** Errors keyed by a row's place among the sent rows, put on the rows' own cells. */
  const showErrors = (sent: DeskRow[], byIndex: Record<string, string>) => {
    const mine: Record<string, string> = {};
    const lines: string[] = [];
    for (const [key, message] of Object.entries(byIndex)) {
      const [, index, cell] = key.split('.');
      const row = sent[Number(index)];
      if (!row || !cell) continue;
      mine[`${row.key}.${cell}`] = message;
      lines.push(`Slip ${Number(index) + 1}: ${message}`);
    }
    setErrors(mine);
    setSummary(lines.join(' · ') || null);
  };

  const submit = async () => {
    const { kept, payload, errors: local } = toPayload(draft.rows, idOf);
    // Blank rows go, so the slips are numbered on screen as the server numbers them.
    setDraft((d) => ({ ...d, rows: kept.length > 0 ? kept : [newRow()] }));
    if (kept.length === 0) {
      setSummary(M.noSlips);
      return;
    }
    if (Object.keys(local).length > 0) return showErrors(kept, local);
    try {
      const saved = await save.mutateAsync({ batchKey: draft.batchKey, rows: payload });
      const added = SLIP_KINDS.filter((kind) => saved.counts[kind] > 0)
        .map((kind) => `${saved.counts[kind]} ${SLIP_KIND_LABELS[kind]}`)
        .join(', ');
      toast({
        title: M.saved,
        description: `${added || 'No new records'}${saved.alreadyThere ? `; ${saved.alreadyThere} were there already` : ''}.`,
      });
      setErrors({});
      setSummary(null);
      removeDraft(storageKey);
      setDraft(newDraft());
    } catch (error) {
      // The rows and the batch key stay: trying again saves the same batch once.
      if (error instanceof ApiError && error.fieldErrors) showErrors(kept, cellErrors(error.fieldErrors));
      else toastApiError(error, 'The slips could not be saved. They are kept here; try again.');
    }
  };

  return (
    <div className="space-y-4">
      <EntrySetting meetingId={meetingId} desk={desk} />
      <p className="text-sm text-slate-700" aria-live="polite">
        {SLIP_KINDS.map((kind) => `${SLIP_KIND_LABELS[kind]} ${counts[kind]}`).join(' · ')}
      </p>
      <SlipGrid
        rows={draft.rows}
        members={labels.map((l) => l.label)}
        visitors={desk.visitors.map((v) => v.name)}
        errors={errors}
        onChange={change}
        onAdd={add}
        onRemove={remove}
        focusKey={focusKey}
      />
      {summary && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {summary}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => add(draft.rows.at(-1)!.key)}>
          Add a slip
        </Button>
        <Button onClick={() => void submit()} pending={save.isPending} disabled={save.isPending}>
          Save {filled} {filled === 1 ? 'slip' : 'slips'}
        </Button>
      </div>
      <p className="text-sm text-slate-600">
        Enter moves to the next slip and adds one after the last. What you type is kept in this browser until
        it is saved.
      </p>
    </div>
  );
}

function EntrySetting({ meetingId, desk }: { meetingId: string; desk: SlipDesk }) {
  const change = useChangeDeskSetting(meetingId);
  const text = desk.entryStands
    ? 'A referral entered here stands for both members: it counts at once.'
    : "A referral entered here waits for the other member's answer, as if the member had entered it.";
  if (!desk.canChangeSetting) return <p className="text-sm text-slate-700">{text}</p>;
  return (
    <div className="flex items-center gap-3">
      <Switch
        id="desk-entry-stands"
        checked={desk.entryStands}
        disabled={change.isPending}
        aria-label="A referral entered at the desk stands for both members"
        onCheckedChange={(entryStands) =>
          change.mutate(
            { entryStands },
            {
              onSuccess: () => toast({ title: M.settingChanged }),
              onError: (error) => toastApiError(error, "The chapter's setting could not be saved"),
            },
          )
        }
      />
      <span className="text-sm text-slate-700">{text}</span>
    </div>
  );
}
