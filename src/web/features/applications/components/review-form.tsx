import { useState } from 'react';
import {
  type ApplicationFull,
  type ApplicationStatus,
  STATUS_LABELS,
  settableStatuses,
} from '../../../../domain/applications/contracts';
import type { Role } from '../../../../domain/roles/roles';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { NativeSelect, Textarea } from '../../../components/ui/form-controls';
import { Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useUpdateApplicationStatus } from '../api/application-queries';

/** The 'Review Application' card: only the statuses this reviewer may set are offered. */
export function ReviewForm({ application, role }: { application: ApplicationFull; role: Role }) {
  const update = useUpdateApplicationStatus();
  const [status, setStatus] = useState<ApplicationStatus | ''>('');
  const [notes, setNotes] = useState(application.reviewNotes ?? '');
  const options = settableStatuses(role);

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
    update.mutate(
      { id: application.id, status, reviewNotes: notes.trim() || null },
      {
        onSuccess: (result) =>
          toast({
            title: 'Application Updated',
            description: ['The application status has been updated successfully.', result.warning]
              .filter(Boolean)
              .join(' '),
          }),
        onError: () =>
          toast({
            title: 'Update Failed',
            description: 'There was an error updating the application status.',
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Review Application</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <div className="space-y-1">
            <Label htmlFor="review-status">Status</Label>
            <NativeSelect
              id="review-status"
              value={status}
              onChange={(e) => setStatus(e.target.value as ApplicationStatus)}
            >
              <option value="">Select a status</option>
              {options.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1">
            <Label htmlFor="review-notes">Review notes (optional)</Label>
            <Textarea id="review-notes" rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Updating...' : 'Update Application'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
