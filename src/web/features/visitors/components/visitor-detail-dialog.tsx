import { type FormEvent, useState } from 'react';
import { longDay } from '../../../../domain/calendar/day-name';
import {
  STAGE_CAUSE_LABELS,
  VISITOR_STAGE_LABELS,
  type VisitorDetail,
} from '../../../../domain/visitors/contracts';
import { VISITOR_MESSAGES as M } from '../../../../domain/visitors/messages';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { NativeSelect } from '../../../components/ui/form-controls';
import { Input, Label } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { formatDateTime } from '../../../lib/dates';
import { toastApiError } from '../../../lib/toast-api-error';
import { useCorrectCredit, useMarkNotAFit, useVisitorDetail } from '../api/pipeline-queries';
import { useDeleteVisitor, useVisitorHosts } from '../api/visitor-queries';
import { FollowUpList } from './follow-up-list';

/** Who is credited with each attended visit; leadership may set another member, or no one. */
function Visits({ detail }: { detail: VisitorDetail }) {
  const members = useVisitorHosts();
  const credit = useCorrectCredit();
  if (detail.visits.length === 0) return <p className="text-sm text-slate-600">No meeting yet.</p>;
  return (
    <ul className="space-y-2">
      {detail.visits.map((visit) => (
        <li key={visit.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-slate-900">
            {longDay(visit.meetingDate)} · {visit.checkedInAt ? 'attended' : 'registered'}
          </span>
          {visit.checkedInAt && (
            <span className="flex items-center gap-2">
              <Label htmlFor={`credit-${visit.id}`} className="text-xs">
                Visitor credit
              </Label>
              <NativeSelect
                id={`credit-${visit.id}`}
                className="h-9 w-44"
                value={visit.creditedMemberId ?? ''}
                disabled={credit.isPending}
                onChange={(e) =>
                  credit.mutate(
                    { visitId: visit.id, memberId: e.target.value || null },
                    {
                      onSuccess: () => toast({ title: M.creditChanged }),
                      onError: (error) =>
                        toastApiError(error, 'We could not change the credit. Please try again.'),
                    },
                  )
                }
              >
                <option value="">No one</option>
                {(members.data ?? []).map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </NativeSelect>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function NotAFit({ detail }: { detail: VisitorDetail }) {
  const mark = useMarkNotAFit();
  const [reason, setReason] = useState('');
  if (detail.visitor.stage === 'not_a_fit') return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mark.mutate(
      { id: detail.visitor.id, reason },
      {
        onSuccess: () =>
          toast({
            title: M.markedNotAFit,
            description: `${detail.visitor.firstName} ${detail.visitor.lastName}`,
          }),
        onError: (error) => toastApiError(error, 'We could not change this visitor. Please try again.'),
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-1">
      <Label htmlFor="not-a-fit-reason">Not a fit? Say why</Label>
      <div className="flex gap-2">
        <Input
          id="not-a-fit-reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          autoComplete="off"
        />
        <Button type="submit" variant="outline" disabled={!reason.trim() || mark.isPending}>
          Not a fit
        </Button>
      </div>
    </form>
  );
}

/** One visitor for leadership: stage and every move, their visits and credit, their calls, and the hand moves. */
export function VisitorDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useVisitorDetail(id);
  const remove = useDeleteVisitor();
  const [deleting, setDeleting] = useState(false);
  const v = detail.data?.visitor;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogTitle>{v ? `${v.firstName} ${v.lastName}` : 'Visitor'}</DialogTitle>
        <DialogDescription>
          {v
            ? [v.business, v.industry, v.email, v.phone].filter(Boolean).join(' · ')
            : 'Loading the visitor…'}
        </DialogDescription>
        {detail.isError ? (
          <p role="alert" className="text-red-700">
            We could not load this visitor. Please try again.
          </p>
        ) : !detail.data || !v ? (
          <Spinner />
        ) : (
          <div className="space-y-5">
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <Badge variant="secondary" data-testid="visitor-stage">
                {VISITOR_STAGE_LABELS[v.stage]}
              </Badge>
              {v.invitedByName && <span>Invited by {v.invitedByName}</span>}
              {v.openSeat && <Badge variant="success">Would fill the open {v.industry} seat</Badge>}
            </p>
            <section className="space-y-2">
              <h3 className="font-semibold text-slate-900">Visits</h3>
              <Visits detail={detail.data} />
            </section>
            <section className="space-y-2">
              <h3 className="font-semibold text-slate-900">Calls</h3>
              {detail.data.followUps.length === 0 ? (
                <p className="text-sm text-slate-600">No call yet: one opens when they attend.</p>
              ) : (
                <FollowUpList calls={detail.data.followUps} showHost />
              )}
            </section>
            <section className="space-y-2">
              <h3 className="font-semibold text-slate-900">History</h3>
              <ol className="space-y-1 text-sm" data-testid="visitor-history">
                {detail.data.history.map((h) => (
                  <li key={`${h.at}-${h.toStage}`} className="text-slate-700">
                    <span className="font-medium text-slate-900">{VISITOR_STAGE_LABELS[h.toStage]}</span>:{' '}
                    {STAGE_CAUSE_LABELS[h.cause]}
                    {h.byName && ` by ${h.byName}`}, {formatDateTime(h.at)}
                    {h.reason && ` (${h.reason})`}
                  </li>
                ))}
              </ol>
            </section>
            <NotAFit detail={detail.data} />
            <div className="flex justify-end">
              <Button variant="ghost" onClick={() => setDeleting(true)}>
                Delete on request
              </Button>
            </div>
          </div>
        )}
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title="Delete visitor"
          description={
            v &&
            `This permanently removes ${v.firstName} ${v.lastName}'s details and visits, as they asked. The deletion is recorded in the audit log.`
          }
          confirmLabel={remove.isPending ? 'Deleting...' : 'Delete visitor'}
          onConfirm={() =>
            remove.mutate(id, {
              onSuccess: () => {
                toast({
                  title: 'Visitor deleted',
                  description: v ? `${v.firstName} ${v.lastName} and their visits are gone.` : undefined,
                });
                setDeleting(false);
                onClose();
              },
              onError: (error) => toastApiError(error, 'We could not delete this visitor. Please try again.'),
            })
          }
          destructive
          busy={remove.isPending}
        />
      </DialogContent>
    </Dialog>
  );
}
