import { AlertTriangle } from 'lucide-react';
import { Link } from 'wouter';
import {
  type ApplicationFull,
  isOpenStatus,
  QUICK_ACTION_NOTES,
} from '../../../../domain/applications/contracts';
import { hasRole, type Role } from '../../../../domain/roles/roles';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DetailRow } from '../../../components/ui/detail-row';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/dates';
import { useAllApplications, useUpdateApplicationStatus } from '../api/application-queries';
import { ApplicationStatusBadge } from './status-badge';

function ReviewCard({ application, role }: { application: ApplicationFull; role: Role }) {
  const update = useUpdateApplicationStatus();
  const isAdmin = hasRole(role, 'NETWORK_ADMIN');
  const act = (status: 'approved' | 'under_review' | 'rejected', reviewNotes: string) =>
    update.mutate(
      { id: application.id, status, reviewNotes },
      {
        onSuccess: (result) =>
          toast({
            title: 'Application Updated',
            description: ['Application status has been updated.', result.warning].filter(Boolean).join(' '),
          }),
        onError: () =>
          toast({
            title: 'Error',
            description: 'Failed to update application status.',
            variant: 'destructive',
          }),
      },
    );
  const name = `${application.firstName} ${application.lastName}`;
  return (
    <Card className="p-5" data-testid="application-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
          <p className="text-sm text-slate-600">
            {application.companyName} · {application.industry}
          </p>
        </div>
        <ApplicationStatusBadge status={application.status} />
      </div>
      {application.seatHolder && (
        <p className="mt-3 flex items-start gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          {application.seatHolder} already holds the {application.industry} seat.
        </p>
      )}
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <DetailRow label="Email" value={application.email} />
        <DetailRow label="Phone" value={application.phone} />
        <DetailRow label="Company" value={application.companyName} />
        <DetailRow label="Submitted" value={formatDate(application.submittedAt)} />
        <div className="sm:col-span-2">
          <DetailRow label="Business description" value={application.businessDescription} />
        </div>
        <div className="sm:col-span-2">
          <DetailRow label="Motivation" value={application.motivation} />
        </div>
        <div className="sm:col-span-2">
          <DetailRow label="Review notes" value={application.reviewNotes} />
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link href={`/applications/${application.id}`}>View Details</Link>
        </Button>
        {isAdmin ? (
          <>
            <Button
              size="sm"
              disabled={update.isPending}
              onClick={() => act('approved', QUICK_ACTION_NOTES.approve)}
            >
              Approve
            </Button>
            <Button
              size="sm"
              variant="destructive"
              disabled={update.isPending}
              onClick={() => act('rejected', QUICK_ACTION_NOTES.reject)}
            >
              Reject
            </Button>
          </>
        ) : (
          application.status === 'pending' && (
            <Button
              size="sm"
              disabled={update.isPending}
              onClick={() => act('under_review', QUICK_ACTION_NOTES.approve)}
            >
              Recommend Approval
            </Button>
          )
        )}
      </div>
    </Card>
  );
}

function CompactRow({ application }: { application: ApplicationFull }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-4 py-3" data-testid="application-row">
      <div>
        <p className="font-medium text-slate-900">
          {application.firstName} {application.lastName}
        </p>
        <p className="text-xs text-slate-500">
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

/** Reviewers' Applications tab: applications awaiting a decision as cards, the rest as rows. */
export function ApplicationsReview({ role }: { role: Role }) {
  const { data, isLoading, isError } = useAllApplications();
  if (isLoading) return <Spinner />;
  if (isError) return <p className="text-red-700">We could not load applications. Please try again.</p>;
  const all = data ?? [];
  const open = all.filter((a) => isOpenStatus(a.status));
  const decided = all.filter((a) => !isOpenStatus(a.status));
  return (
    <div className="space-y-6">
      <div className="flex items-center gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Applications</h2>
        <Badge variant={open.length ? 'default' : 'secondary'} data-testid="pending-count">
          {open.length} pending
        </Badge>
      </div>
      {all.length === 0 && <p className="text-slate-600">No Applications</p>}
      {open.length > 0 && (
        <div className="grid gap-4">
          {open.map((a) => (
            <ReviewCard key={a.id} application={a} role={role} />
          ))}
        </div>
      )}
      {all.length > 0 && open.length === 0 && (
        <p className="text-slate-600">No applications are waiting for review.</p>
      )}
      {decided.length > 0 && (
        <Card>
          <ul className="divide-y divide-slate-100">
            {decided.map((a) => (
              <CompactRow key={a.id} application={a} />
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
