import { type FormEvent, useState } from 'react';
import { attendanceLimitInputSchema } from '../../../../domain/admin/contracts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input, Label } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { toastApiError } from '../../../lib/toast-api-error';
import { useAttendanceLimit, useUpdateAttendanceLimit } from '../api/admin-queries';

/**
 * The chapter's missed-meeting limit (once 'Coming Soon', now real): absences in the rolling
 * six months count against it unless a member has their own limit in User Management.
 */
export function AttendanceLimitEditor() {
  const limit = useAttendanceLimit();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateAttendanceLimit();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = attendanceLimitInputSchema.safeParse({ missedMeetingLimit: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a whole number of meetings from 1 to 52');
      return;
    }
    setError(null);
    save.mutate(parsed.data.missedMeetingLimit, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Default attendance limit updated successfully.' });
        setValue('');
      },
      onError: (err) => toastApiError(err, 'Failed to update the default attendance limit'),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Attendance Limit</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {limit.isError ? (
          <p role="alert" className="text-sm text-red-700">
            We could not load the attendance limit. Please try again.
          </p>
        ) : limit.data ? (
          <p className="text-sm text-slate-700" data-testid="current-attendance-limit">
            Current Default Limit: {limit.data.effectiveMissedMeetingLimit} meetings
          </p>
        ) : (
          <Skeleton className="h-5 w-56" />
        )}
        <p className="text-sm text-slate-600">
          Absences in the last six months count against this limit unless a member has their own in User
          Management.
        </p>
        <form onSubmit={onSubmit} className="flex flex-wrap items-start gap-2" noValidate>
          <div className="w-48">
            <Label htmlFor="attendance-limit">New default limit (meetings)</Label>
            <Input
              id="attendance-limit"
              className="mt-1"
              inputMode="numeric"
              autoComplete="off"
              placeholder={limit.data ? String(limit.data.effectiveMissedMeetingLimit) : undefined}
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'attendance-limit-error' : undefined}
              onChange={(e) => setValue(e.target.value)}
            />
            {error && (
              <p id="attendance-limit-error" role="alert" className="mt-1 text-sm text-red-700">
                {error}
              </p>
            )}
          </div>
          <Button type="submit" className="mt-6" disabled={value.trim() === '' || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save limit'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
