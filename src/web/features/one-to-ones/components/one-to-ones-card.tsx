import { CalendarPlus, Download, Handshake, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { OneToOne } from '../../../../domain/one-to-ones/contracts';
import { ONE_TO_ONE_MESSAGES as M, ONE_TO_ONE_MODE_LABELS } from '../../../../domain/one-to-ones/messages';
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
import { useDeleteOneToOne, useOneToOneSummary, useOneToOnes } from '../api/one-to-one-queries';
import { BookingsList } from './bookings-list';
import { DisputeDialog } from './dispute-dialog';
import { EditOneToOneDialog } from './edit-one-to-one-dialog';
import { OneToOneProposalPanel } from './one-to-one-proposal';

function Figures() {
  const summary = useOneToOneSummary();
  if (summary.isError)
    return (
      <p role="alert" className="mt-2 text-sm text-red-700">
        We could not load your one-to-one counts.
      </p>
    );
  const figures = [
    ['This month', summary.data?.thisMonth],
    ['Last six months', summary.data?.lastSixMonths],
  ] as const;
  return (
    <dl
      className="mt-3 grid grid-cols-2 gap-2 text-center"
      data-testid="one-to-one-counts"
      aria-busy={!summary.data}
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

function Row({
  item,
  onDispute,
  onEdit,
  onDelete,
}: {
  item: OneToOne;
  onDispute: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const name = item.other?.name ?? 'Former member';
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-3" data-testid="one-to-one-row">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {name}
          {item.other?.businessName && (
            <span className="font-normal text-slate-600"> · {item.other.businessName}</span>
          )}
        </p>
        <p className="text-sm text-slate-600">
          {formatDate(item.metOn)} · {ONE_TO_ONE_MODE_LABELS[item.mode]}
          {item.place ? ` · ${item.place}` : ''} · {item.minutes} min
          {item.loggedByMe ? '' : ` · logged by ${name}`}
        </p>
        <EnteredByNote enteredBy={item.enteredBy} />
        {item.learned && <p className="mt-1 text-sm text-slate-700">{item.learned}</p>}
        {item.nextStep && <p className="mt-1 text-sm text-slate-700">Next: {item.nextStep}</p>}
        <OneToOneProposalPanel oneToOne={item} />
      </div>
      <div className="flex items-center gap-2">
        {item.status === 'disputed' ? (
          <Badge variant="warning">Did not happen</Badge>
        ) : (
          <Badge variant="success">Counted</Badge>
        )}
        {item.status === 'held' && !item.loggedByMe && (
          <Button
            size="sm"
            variant="outline"
            onClick={onDispute}
            aria-label={`It did not happen: ${name}, ${formatDate(item.metOn)}`}
          >
            It did not happen
          </Button>
        )}
        <Button
          size="icon"
          variant="ghost"
          onClick={onEdit}
          aria-label={`Edit the one-to-one with ${name}, ${formatDate(item.metOn)}`}
        >
          <Pencil aria-hidden />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          onClick={onDelete}
          disabled={Boolean(item.proposal)}
          aria-label={`Delete the one-to-one with ${name}, ${formatDate(item.metOn)}`}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  );
}

/**
 * The one-to-ones card on Referral Metrics: this month's and the six months' counts, Log and Book, and my
 * one-to-ones a page at a time, where one the other member logged can be marked as not having happened.
 */
export function OneToOnesCard({ onLog, onBook }: { onLog: () => void; onBook: () => void }) {
  const list = useOneToOnes();
  const [disputing, setDisputing] = useState<OneToOne | null>(null);
  const [editing, setEditing] = useState<OneToOne | null>(null);
  const [deleting, setDeleting] = useState<OneToOne | null>(null);
  const remove = useDeleteOneToOne();
  return (
    <Card className="scroll-mt-20 p-4 sm:p-6" data-testid="one-to-ones">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">One-to-ones</h2>
        <a
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          href="/api/one-to-ones.csv"
          download
        >
          <Download aria-hidden className="size-4" /> Export CSV
        </a>
      </div>
      <Figures />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={onLog}>
          <Handshake aria-hidden /> Log a one-to-one
        </Button>
        <Button size="sm" variant="outline" onClick={onBook}>
          <CalendarPlus aria-hidden /> Book one
        </Button>
      </div>
      <BookingsList />
      <QueryState
        query={loadedItems(list)}
        loading={<Skeleton className="mt-4 h-16 w-full" />}
        error="We could not load your one-to-ones. Please try again."
        empty="No one-to-ones yet. Meet a member to learn their business: it counts for you both."
        isEmpty={(items) => items.length === 0}
      >
        {(items) => (
          <>
            <ul className="mt-2 divide-y divide-slate-100">
              {items.map((item) => (
                <Row
                  key={item.id}
                  item={item}
                  onDispute={() => setDisputing(item)}
                  onEdit={() => setEditing(item)}
                  onDelete={() => setDeleting(item)}
                />
              ))}
            </ul>
            <LoadMore query={list} />
          </>
        )}
      </QueryState>
      {disputing && <DisputeDialog oneToOne={disputing} onClose={() => setDisputing(null)} />}
      {editing && <EditOneToOneDialog oneToOne={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this one-to-one?"
        description={
          deleting?.weekClosed
            ? `Its week is closed: ${deleting.other?.name ?? 'the other member'} is asked to accept the removal.`
            : `It will count for neither of you; ${deleting?.other?.name ?? 'the other member'} is told.`
        }
        confirmLabel={deleting?.weekClosed ? 'Ask to remove it' : 'Delete'}
        destructive
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: (answer) => {
              setDeleting(null);
              toast({
                title: answer?.proposal ? M.removalRequested : 'One-to-one deleted',
                description: 'The other member is told.',
              });
            },
            onError: (error) => toastApiError(error, 'We could not delete the one-to-one. Please try again.'),
          })
        }
      />
    </Card>
  );
}
