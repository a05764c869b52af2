import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast-store';
import { toastApiError } from '../../../lib/toast-api-error';
import { useEmailPreferences, useSetEmailPreference } from '../api/notification-queries';

/** Account Settings: one email switch per kind of notification that applies to me; in-app stays on. */
export function EmailPreferences() {
  const preferences = useEmailPreferences();
  const setPreference = useSetEmailPreference();
  return (
    <Card id="email-notifications" className="max-w-2xl scroll-mt-20 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Email notifications</h2>
      <p className="mt-1 text-sm text-slate-600">
        Every notification shows under the bell at the top of the page. Choose which ones also come by email.
      </p>
      {preferences.isPending && (
        <div className="mt-4">
          <Spinner />
        </div>
      )}
      {preferences.isError && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          We could not load your email settings. Please try again.
        </p>
      )}
      {preferences.data && (
        <ul className="mt-4 divide-y divide-slate-100">
          {preferences.data.items.map((item) => {
            const labelId = `email-pref-${item.kind}`;
            return (
              <li key={item.kind} className="flex items-center justify-between gap-4 py-3">
                <span id={labelId} className="text-sm text-slate-800">
                  {item.label}
                </span>
                <Switch
                  aria-labelledby={labelId}
                  checked={item.email}
                  disabled={setPreference.isPending}
                  onCheckedChange={(email) =>
                    setPreference.mutate(
                      { kind: item.kind, email },
                      {
                        onSuccess: () =>
                          toast({
                            title: 'Email settings saved',
                            description: email
                              ? 'You will get an email for this again.'
                              : 'You will see this in the app only.',
                          }),
                        onError: (err) => toastApiError(err, 'Your email settings were not saved.'),
                      },
                    )
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
