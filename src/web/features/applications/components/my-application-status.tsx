import { FileText } from 'lucide-react';
import type { ApplicationFull } from '../../../../domain/applications/contracts';
import { ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/dates';
import { useMyApplications } from '../api/application-queries';
import { ApplicationStatusBadge } from './status-badge';

function StatusMessage({ application }: { application: ApplicationFull }) {
  if (application.status === 'approved') {
    return (
      <p className="text-green-800">
        <strong>Congratulations!</strong> Your application has been approved. You are now a member of the
        network.
      </p>
    );
  }
  if (application.status === 'rejected') {
    return (
      <div className="space-y-3 text-slate-700">
        <p>
          <strong>Application Not Approved.</strong> Unfortunately we could not approve your application at
          this time. You may reapply in the future.
        </p>
        <ButtonLink variant="outline" size="sm" href="/apply">
          Apply again
        </ButtonLink>
      </div>
    );
  }
  return (
    <p className="text-slate-700">
      Your application is under review. We will contact you within 3-5 business days.
    </p>
  );
}

/** A GUEST's (or member's) own application: the latest one's status and message. */
export function MyApplicationStatus() {
  const { data, isLoading, isError } = useMyApplications();
  if (isLoading) return <Spinner />;
  if (isError) return <p className="text-red-700">We could not load your application. Please try again.</p>;
  const latest = data?.[0];
  if (!latest) {
    return (
      <Card className="p-8 text-center">
        <FileText aria-hidden className="mx-auto size-10 text-slate-400" />
        <h2 className="mt-3 text-xl font-semibold text-slate-900">No Application Found</h2>
        <p className="mt-1 text-slate-600">Submit a membership application to join the network.</p>
        <ButtonLink className="mt-4" href="/apply">
          Apply for Membership
        </ButtonLink>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader className="flex-row! flex-wrap items-center justify-between gap-2!">
        <CardTitle>Application Status</CardTitle>
        <ApplicationStatusBadge status={latest.status} />
      </CardHeader>
      <CardContent className="space-y-4">
        <StatusMessage application={latest} />
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Submitted</dt>
            <dd>{formatDate(latest.submittedAt)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Company</dt>
            <dd>{latest.companyName}</dd>
          </div>
          {latest.reviewNotes && (
            <div className="sm:col-span-2">
              <dt className="text-slate-500">Review notes</dt>
              <dd className="whitespace-pre-line">{latest.reviewNotes}</dd>
            </div>
          )}
        </dl>
        <ButtonLink variant="link" className="px-0!" href={`/applications/${latest.id}`}>
          View application details
        </ButtonLink>
      </CardContent>
    </Card>
  );
}
