import { ArrowLeft, Info } from 'lucide-react';
import { Link, useParams } from 'wouter';
import {
  type ApplicationFull,
  canChangeStatus,
  experienceLabel,
  isOpenStatus,
  STATUS_LABELS,
} from '../../../../domain/applications/contracts';
import { canReviewApplications } from '../../../../domain/roles/roles';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { DetailRow } from '../../../components/ui/detail-row';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/auth/auth-queries';
import { formatDate } from '../../../lib/dates';
import { useApplication } from '../api/application-queries';
import { ReviewForm } from '../components/review-form';
import { ReviewNotes } from '../components/review-notes';
import { SeatWarning } from '../components/seat-warning';
import { ApplicationStatusBadge } from '../components/status-badge';

const longDate = (iso: string | null) => (iso ? formatDate(iso, 'long') : 'Not yet reviewed');

function FullDetails({ application }: { application: ApplicationFull }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Application Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <DetailRow label="Company" value={application.companyName} placeholder="—" />
          <DetailRow label="Submitted" value={longDate(application.submittedAt)} placeholder="—" />
          <DetailRow label="Email" value={application.email} placeholder="—" />
          <DetailRow label="Business Email" value={application.businessEmail} placeholder="—" />
          <DetailRow label="Phone" value={application.phone} placeholder="—" />
          <DetailRow label="Position" value={application.position} placeholder="—" />
          <DetailRow label="Industry" value={application.industry} placeholder="—" />
          <DetailRow
            label="Experience"
            value={experienceLabel(application.experienceLevel)}
            placeholder="—"
          />
          <DetailRow label="Reviewed" value={longDate(application.reviewedAt)} placeholder="—" />
          <DetailRow
            className="sm:col-span-2"
            label="Business Description"
            value={application.businessDescription}
            placeholder="—"
          />
          <DetailRow
            className="sm:col-span-2"
            label="Networking Goals & Motivation"
            value={application.motivation}
            placeholder="—"
          />
          {application.referralSource && (
            <DetailRow
              className="sm:col-span-2"
              label="Referral Source"
              value={application.referralSource}
              placeholder="—"
            />
          )}
        </dl>
        <h3 className="mt-6 text-sm text-slate-600">Review Notes</h3>
        <div className="mt-2">
          <ReviewNotes notes={application.notes} />
        </div>
      </CardContent>
    </Card>
  );
}

/** Who decided a decided application, and when; nobody can change it any more. */
function Decision({ application }: { application: ApplicationFull }) {
  if (isOpenStatus(application.status) || !application.reviewedAt) return null;
  return (
    <p
      className="rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-700"
      data-testid="decision"
    >
      {STATUS_LABELS[application.status]} by {application.reviewedBy ?? 'a former reviewer'} on{' '}
      {longDate(application.reviewedAt)}. A decided application cannot be changed.
    </p>
  );
}

export default function ApplicationDetailPage() {
  const { id } = useParams<{ id: string }>();
  const { user } = useCurrentUser();
  const { data, isLoading } = useApplication(id);

  const back = (
    <Link
      href="/dashboard?tab=applications"
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft aria-hidden className="size-4" /> Back to Dashboard
    </Link>
  );

  if (isLoading) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (!data) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        {back}
        <h1 className="mt-6 text-2xl font-bold text-slate-900">Application Not Found</h1>
        <p className="mt-2 text-slate-600">
          The requested application could not be found or you don&apos;t have permission to view it.
        </p>
      </div>
    );
  }

  const reviewer = user && canReviewApplications(user.role);
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {data.firstName} {data.lastName}
        </h1>
        <ApplicationStatusBadge status={data.status} />
      </div>
      {data.view === 'full' && reviewer && isOpenStatus(data.status) && <SeatWarning application={data} />}
      {data.view === 'full' && <Decision application={data} />}
      {data.view === 'full' ? (
        <FullDetails application={data} />
      ) : (
        <Card className="p-6">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Info aria-hidden className="size-5 text-brand-700" /> Application Summary
          </h2>
          <p className="mt-2 text-slate-600">
            You can view this application&apos;s status and review notes. For full details, please contact
            Leadership.
          </p>
          {data.reviewNotes && <p className="mt-4 whitespace-pre-line text-slate-800">{data.reviewNotes}</p>}
        </Card>
      )}
      {reviewer && data.view === 'full' && user && canChangeStatus(user.role, data.status) && (
        <ReviewForm application={data} role={user.role} />
      )}
    </div>
  );
}
