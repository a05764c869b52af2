import { type FormEvent, useState } from 'react';
import { ADMIN_MESSAGES, duesInputSchema } from '../../../../domain/admin/contracts';
import { formatUsd } from '../../../../domain/money';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input, Label } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { toastApiError } from '../../../lib/toast-api-error';
import { type NetworkSettings, useDuesStats, useUpdateDues } from '../api/admin-queries';

/** The default annual dues editor: Save stays disabled while the field is empty. */
export function DuesEditor({ settings }: { settings: NetworkSettings }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateDues();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = duesInputSchema.safeParse({ defaultAnnualDues: value });
    if (!parsed.success) {
      setError(ADMIN_MESSAGES.invalidDues);
      return;
    }
    setError(null);
    save.mutate(parsed.data.defaultAnnualDues, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Default annual dues updated successfully.' });
        setValue('');
      },
      onError: (err) => toastApiError(err, 'Failed to update default annual dues'),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Default Annual Dues</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-slate-700" data-testid="current-dues">
          Current default: <strong>{formatUsd(settings.effectiveDefaultDues)}</strong>
          {settings.defaultAnnualDues === null && ' (the standard amount; no network default set yet)'}
        </p>
        <p className="text-sm text-slate-600">
          Each member's Network ROI is measured against this amount unless they have their own override.
        </p>
        <form onSubmit={onSubmit} className="flex flex-wrap items-start gap-2" noValidate>
          <div className="w-48">
            <Label htmlFor="default-dues">New default annual dues</Label>
            <div className="relative mt-1">
              <span
                aria-hidden
                className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500"
              >
                $
              </span>
              <Input
                id="default-dues"
                inputMode="decimal"
                autoComplete="off"
                placeholder={settings.effectiveDefaultDues}
                className="pl-7"
                value={value}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'default-dues-error' : undefined}
                onChange={(e) => setValue(e.target.value)}
              />
            </div>
            {error && (
              <p id="default-dues-error" role="alert" className="mt-1 text-sm text-red-700">
                {error}
              </p>
            )}
          </div>
          <Button type="submit" className="mt-6" disabled={value.trim() === '' || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Non-guest members with and without their own dues override, each as a share of all of them. */
export function DuesStatistics() {
  const stats = useDuesStats();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Dues Statistics</CardTitle>
      </CardHeader>
      <CardContent>
        {stats.isError ? (
          <p role="alert" className="text-sm text-red-700">
            We could not load the dues statistics.
          </p>
        ) : !stats.data ? (
          <Skeleton className="h-16 w-full" />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-4" data-testid="dues-stats">
              <div>
                <dt className="text-sm text-slate-600">Using the default</dt>
                <dd className="text-2xl font-semibold text-slate-900">
                  {stats.data.withoutOverride}{' '}
                  <span className="text-sm font-normal text-slate-600">
                    ({stats.data.withoutOverridePercent}%)
                  </span>
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">With their own override</dt>
                <dd className="text-2xl font-semibold text-slate-900">
                  {stats.data.withOverride}{' '}
                  <span className="text-sm font-normal text-slate-600">
                    ({stats.data.withOverridePercent}%)
                  </span>
                </dd>
              </div>
            </dl>
            <p className="mt-4 text-sm text-slate-600">
              Of {stats.data.members} members (guests not counted).
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
