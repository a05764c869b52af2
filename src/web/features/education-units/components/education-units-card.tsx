import { GraduationCap, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { EducationUnit } from '../../../../domain/education-units/contracts';
import {
  EDUCATION_UNIT_KIND_LABELS,
  EDUCATION_UNIT_MESSAGES as M,
} from '../../../../domain/education-units/messages';
import { EnteredByNote } from '../../../components/entered-by-note';
import { LoadMore } from '../../../components/list/load-more';
import { QueryState } from '../../../components/list/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/dates';
import { loadedItems } from '../../../lib/paged-query';
import { toastApiError } from '../../../lib/toast-api-error';
import { useEducationUnits, useRemoveEducationUnit } from '../api/education-unit-queries';
import { RecordUnitDialog } from './record-unit-dialog';

function Counts({ page }: { page: { thisMonth: number; lastSixMonths: number } | undefined }) {
  const figures = [
    ['This month', page?.thisMonth],
    ['Last six months', page?.lastSixMonths],
  ] as const;
  return (
    <dl
      className="mt-3 grid grid-cols-2 gap-2 text-center"
      data-testid="education-unit-counts"
      aria-busy={!page}
    >
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-md bg-slate-50 px-2 py-2">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="text-xl font-semibold text-slate-900">
            {value === undefined ? <Skeleton className="mx-auto h-7 w-8" /> : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Row({ unit, onRemove }: { unit: EducationUnit; onRemove: () => void }) {
  return (
    <li className="flex items-start justify-between gap-2 py-3" data-testid="education-unit-row">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{unit.title}</p>
        <p className="text-sm text-slate-600">
          {formatDate(unit.earnedOn)} · {EDUCATION_UNIT_KIND_LABELS[unit.kind]}
          {/* A paper slip gives no length: 0. */}
          {unit.minutes > 0 ? ` · ${unit.minutes} min` : ''}
        </p>
        <EnteredByNote enteredBy={unit.enteredBy} />
      </div>
      {unit.fromMeeting ? (
        <Badge variant="secondary">Chapter training</Badge>
      ) : (
        <Button
          size="icon"
          variant="ghost"
          onClick={onRemove}
          aria-label={`Remove the education unit ${unit.title}, ${formatDate(unit.earnedOn)}`}
        >
          <Trash2 aria-hidden />
        </Button>
      )}
    </li>
  );
}

/**
 * Education units on Referral Metrics: this month's and the six months' counts, Record, and my units a page
 * at a time. Units leadership recorded for a chapter training are marked and stay.
 */
export function EducationUnitsCard() {
  const list = useEducationUnits();
  const [recording, setRecording] = useState(false);
  const [removing, setRemoving] = useState<EducationUnit | null>(null);
  const remove = useRemoveEducationUnit();
  return (
    <Card id="panel-education-units" className="scroll-mt-20 p-4 sm:p-6" data-testid="education-units">
      <h2 className="text-lg font-semibold text-slate-900">Education units</h2>
      <Counts page={list.data?.pages[0] as { thisMonth: number; lastSixMonths: number } | undefined} />
      <div className="mt-3">
        <Button size="sm" onClick={() => setRecording(true)}>
          <GraduationCap aria-hidden /> Record an education unit
        </Button>
      </div>
      <QueryState
        query={loadedItems(list)}
        loading={<Skeleton className="mt-4 h-16 w-full" />}
        error="We could not load your education units. Please try again."
        empty="No education units yet. A book chapter, a training or a podcast counts as one."
        isEmpty={(items) => items.length === 0}
      >
        {(items) => (
          <>
            <ul className="mt-2 divide-y divide-slate-100">
              {items.map((unit) => (
                <Row key={unit.id} unit={unit} onRemove={() => setRemoving(unit)} />
              ))}
            </ul>
            <LoadMore query={list} />
          </>
        )}
      </QueryState>
      {recording && <RecordUnitDialog onClose={() => setRecording(false)} />}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this education unit?"
        description={`${removing?.title ?? ''} will no longer count.`}
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              toast({ title: M.removed });
            },
            onError: (error) =>
              toastApiError(error, 'We could not remove the education unit. Please try again.'),
          })
        }
      />
    </Card>
  );
}
