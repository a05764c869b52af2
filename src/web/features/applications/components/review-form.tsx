import { useState } from 'react';
import {
  APPLICATION_STATUSES,
  type ApplicationFull,
  type ApplicationStatus,
  DECIDED_BY_ADMINS,
  STATUS_LABELS,
  settableStatuses,
} from '../../../../domain/applications/contracts';
import type { Role } from '../../../../domain/roles/roles';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { NativeSelect, Textarea } from '../../../components/ui/form-controls';
import { Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { toastApiError } from '../../../lib/toast-api-error';
import { useUpdateApplicationStatus } from '../api/application-queries';
import { RejectConfirmDialog } from './reject-confirm-dialog';
import { SeatWarning } from './seat-warning';

/**
 * The 'Review Application' card, shown only while this reviewer can still change the application:
 * only the statuses they may set are offered, a rejection is confirmed first, and the two kinds of
 * note are kept apart. Earlier notes stay; these are added to them.
 */
export function ReviewForm({ application, role }: { application: ApplicationFull; role: Role }) {
  const update = useUpdateApplicationStatus();
  const [status, setStatus] = useState<ApplicationStatus | ''>('');
  const [reviewNotes, setReviewNotes] = useState('');
  const [internalNotes, setInternalNotes] = useState('');
  const [confirmReject, setConfirmReject] = useState(false);
  const settable = settableStatuses(role);
  // All four statuses are listed; those this role may not set say who decides.
  const decidesAll = settable.length === APPLICATION_STATUSES.length;

  const send = (chosen: ApplicationStatus) =>
    update.mutate(
      {
        id: application.id,
        status: chosen,
        reviewNotes: reviewNotes.trim() || null,
        internalNotes: internalNotes.trim() || null,
      },
      {
        onSuccess: (result) => {
          setConfirmReject(false);
          setReviewNotes('');
          setInternalNotes('');
          toast({
            title: 'Application Updated',
            description: ['The application status has been updated successfully.', result.warning]
              .filter(Boolean)
              .join(' '),
          });
        },
        onError: (error) =>
          toastApiError(error, 'There was an error updating the application status.', 'Update Failed'),
      },
    );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!status) {
      toast({
        title: 'Status Required',
        description: 'Please select a status for the application.',
        variant: 'destructive',
      });
      return;
    }
    if (status === 'rejected') setConfirmReject(true);
    else send(status);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Review Application</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={submit} noValidate>
          {status === 'approved' && <SeatWarning application={application} />}
          <div className="space-y-1">
            <Label htmlFor="review-status">Status</Label>
            <NativeSelect
              id="review-status"
              value={status}
              onChange={(e) => setStatus(e.target.value as ApplicationStatus)}
              aria-describedby={decidesAll ? undefined : 'review-status-hint'}
            >
              <option value="">Select a status</option>
              {APPLICATION_STATUSES.map((s) => (
                <option key={s} value={s} disabled={!settable.includes(s)}>
                  {STATUS_LABELS[s]}
                  {settable.includes(s) ? '' : ' (network administrators)'}
                </option>
              ))}
            </NativeSelect>
            {!decidesAll && (
              <p id="review-status-hint" className="text-sm text-slate-600" data-testid="review-status-hint">
                {DECIDED_BY_ADMINS}
              </p>
            )}
          </div>
          <div className="space-y-1">
            <Label htmlFor="review-notes">Note to the applicant (optional)</Label>
            <Textarea
              id="review-notes"
              rows={3}
              value={reviewNotes}
              onChange={(e) => setReviewNotes(e.target.value)}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="internal-notes">Internal note, for reviewers only (optional)</Label>
            <Textarea
              id="internal-notes"
              rows={3}
              value={internalNotes}
              onChange={(e) => setInternalNotes(e.target.value)}
            />
          </div>
          <Button type="submit" pending={update.isPending}>
            {update.isPending ? 'Updating...' : 'Update Application'}
          </Button>
        </form>
        <RejectConfirmDialog
          firstName={application.firstName}
          title="Reject this application?"
          open={confirmReject}
          onOpenChange={setConfirmReject}
          busy={update.isPending}
          onConfirm={() => send('rejected')}
        />
      </CardContent>
    </Card>
  );
}
