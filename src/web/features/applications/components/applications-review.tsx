import { useState } from 'react';
import { Link } from 'wouter';
import {
  type ApplicationFull,
  type ApplicationRowSummary,
  DECIDED_BY_ADMINS,
  QUICK_ACTION_NOTES,
  type ReviewerApplicationList,
  type StatusUpdate,
} from '../../../../domain/applications/contracts';
import { hasRole, type Role } from '../../../../domain/roles/roles';
import { Pager } from '../../../components/list/pager';
import { QueryState } from '../../../components/list/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DetailRow } from '../../../components/ui/detail-row';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { useUndoableAction } from '../../../components/ui/undo';
import { formatDate } from '../../../lib/dates';
import { toastApiError } from '../../../lib/toast-api-error';
import { useReviewerApplications, useUpdateApplicationStatus } from '../api/application-queries';
import { RejectConfirmDialog } from './reject-confirm-dialog';
import { ReviewNotes } from './review-notes';
import { SeatWarning } from './seat-warning';
import { ApplicationStatusBadge } from './status-badge';

const REVIEW_HEADING_ID = 'applications-review-heading';

type QuickAction = Pick<StatusUpdate, 'status' | 'reviewNotes' | 'internalNotes'>;

const APPROVE: QuickAction = { status: 'approved', reviewNotes: QUICK_ACTION_NOTES.approve };
const REJECT: QuickAction = { status: 'rejected', reviewNotes: QUICK_ACTION_NOTES.reject };
// Leadership's recommendation is for reviewers: the applicant still reads 'Under Review'.
const RECOMMEND: QuickAction = { status: 'under_review', internalNotes: QUICK_ACTION_NOTES.recommend };
const RECOMMEND_REJECT: QuickAction = {
  status: 'under_review',
  internalNotes: QUICK_ACTION_NOTES.recommendReject,
};

function ReviewCard({ application, role }: { application: ApplicationFull; role: Role }) {
  const update = useUpdateApplicationStatus();
  const [confirmReject, setConfirmReject] = useState(false);
  const isAdmin = hasRole(role, 'NETWORK_ADMIN');
  const act = (action: QuickAction) =>
    update.mutate(
      { id: application.id, ...action },
      {
        onSuccess: (result) => {
          setConfirmReject(false);
          toast({
            title: 'Application Updated',
            description: ['Application status has been updated.', result.warning].filter(Boolean).join(' '),
          });
        },
        onError: (error) => toastApiError(error, 'Failed to update application status.'),
      },
    );
  const name = `${application.firstName} ${application.lastName}`;
  // Approval is final (the applicant becomes a member and is told): it waits behind Undo.
  const approval = useUndoableAction();
  const approve = () =>
    approval.hold({
      title: 'Application Approved',
      description: `${name} becomes a member when this notice closes.`,
      send: () =>
        update.mutateAsync({ id: application.id, ...APPROVE }).then((result) => {
          if (result.warning) toast({ title: 'Application Updated', description: result.warning });
        }),
      onFailed: (error) => toastApiError(error, 'Failed to update application status.'),
      moveFocusTo: document.getElementById(REVIEW_HEADING_ID),
    });
  if (approval.held) return null;
  return (
    <Card className="p-5" data-testid="application-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
          <p className="text-sm text-slate-600">
            {application.companyName} · {application.industry}
          </p>
        </div>
        <ApplicationStatusBadge status={application.status} />
      </div>
      <div className="mt-3">
        <SeatWarning application={application} />
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <DetailRow label="Email" value={application.email} />
        <DetailRow label="Business email" value={application.businessEmail} />
        <DetailRow label="Phone" value={application.phone} />
        <DetailRow label="Company" value={application.companyName} />
        <DetailRow label="Submitted" value={formatDate(application.submittedAt)} />
        <DetailRow
          className="sm:col-span-2"
          label="Business description"
          value={application.businessDescription}
        />
        <DetailRow className="sm:col-span-2" label="Motivation" value={application.motivation} />
      </dl>
      {application.notes.length > 0 && (
        <div className="mt-4">
          <h4 className="text-sm text-slate-600">Review notes</h4>
          <ReviewNotes notes={application.notes} className="mt-2 space-y-2" />
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <ButtonLink variant="outline" size="sm" href={`/applications/${application.id}`}>
          View Details
        </ButtonLink>
        {isAdmin ? (
          <>
            <Button ref={approval.focusOnUndo} size="sm" disabled={update.isPending} onClick={approve}>
              Approve
            </Button>
            <Button
              size="sm"
              variant="destructive"
              disabled={update.isPending}
              onClick={() => setConfirmReject(true)}
            >
              Reject
            </Button>
          </>
        ) : (
          application.status === 'pending' && (
            <>
              <Button size="sm" disabled={update.isPending} onClick={() => act(RECOMMEND)}>
                Recommend Approval
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={update.isPending}
                onClick={() => act(RECOMMEND_REJECT)}
              >
                Recommend Rejection
              </Button>
            </>
          )
        )}
      </div>
      {!isAdmin && (
        <p className="mt-2 text-sm text-slate-600" data-testid="review-decided-by">
          {DECIDED_BY_ADMINS}
        </p>
      )}
      <RejectConfirmDialog
        firstName={application.firstName}
        title={`Reject ${name}'s application?`}
        open={confirmReject}
        onOpenChange={setConfirmReject}
        busy={update.isPending}
        onConfirm={() => act(REJECT)}
      />
    </Card>
  );
}

function CompactRow({ application }: { application: ApplicationRowSummary }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-4 py-3" data-testid="application-row">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {application.firstName} {application.lastName}
        </p>
        <p className="text-xs text-slate-600">
          {application.companyName} · {formatDate(application.submittedAt)}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <ApplicationStatusBadge status={application.status} />
        <Link
          className="text-sm font-medium text-brand-700 hover:underline"
          href={`/applications/${application.id}`}
        >
          View
        </Link>
      </div>
    </li>
  );
}

/** Reviewers' Applications tab: open applications as cards, decided ones as rows, a page at a time. */
export function ApplicationsReview({ role }: { role: Role }) {
  const [page, setPage] = useState(1);
  const applications = useReviewerApplications(page);
  return (
    <QueryState
      query={applications}
      loading={<Spinner />}
      error="We could not load applications. Please try again."
      empty={null}
      isEmpty={() => false}
    >
      {(data) => <ReviewLists data={data} role={role} page={page} setPage={setPage} />}
    </QueryState>
  );
}

function ReviewLists({
  data: { open, decided, decidedTotal, pageSize },
  role,
  page,
  setPage,
}: {
  data: ReviewerApplicationList;
  role: Role;
  page: number;
  setPage: (page: number) => void;
}) {
  const pending = open.filter((a) => a.status === 'pending').length;
  const underReview = open.length - pending;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2
          id={REVIEW_HEADING_ID}
          tabIndex={-1}
          className="text-xl font-semibold text-slate-900 focus:outline-none"
        >
          Applications
        </h2>
        <Badge variant={pending ? 'default' : 'secondary'} data-testid="pending-count">
          {pending} pending
        </Badge>
        {underReview > 0 && (
          <Badge variant="secondary" data-testid="under-review-count">
            {underReview} under review
          </Badge>
        )}
      </div>
      {open.length === 0 && decidedTotal === 0 && <p className="text-slate-600">No Applications</p>}
      {open.length > 0 && (
        <div className="grid gap-4">
          {open.map((a) => (
            <ReviewCard key={a.id} application={a} role={role} />
          ))}
        </div>
      )}
      {open.length === 0 && decidedTotal > 0 && (
        <p className="text-slate-600">No applications are waiting for review.</p>
      )}
      {decidedTotal > 0 && (
        <section aria-labelledby="decided-heading" className="space-y-3">
          <h3 id="decided-heading" className="text-lg font-semibold text-slate-900">
            Decided
          </h3>
          <Card>
            <ul className="divide-y divide-slate-100">
              {decided.map((a) => (
                <CompactRow key={a.id} application={a} />
              ))}
            </ul>
          </Card>
          <Pager
            label="Decided applications pages"
            page={page}
            pageSize={pageSize}
            total={decidedTotal}
            onPage={setPage}
          />
        </section>
      )}
    </div>
  );
}
