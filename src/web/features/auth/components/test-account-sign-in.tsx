import { useQuery } from '@tanstack/react-query';
import type { DemoAccounts } from '../../../../domain/auth/contracts';
import { ROLE_DISPLAY_NAME } from '../../../../domain/roles/roles';
import { QueryState } from '../../../components/list/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { api } from '../../../lib/api';
import { apiKey } from '../../../lib/query-keys';
import { EmailPasswordForm, useSignInAndContinue } from './email-password-form';

/** The demo network's accounts, each signed in with one click (the server lists them outside production only). */
function DemoAccountList() {
  const accounts = useQuery({
    queryKey: apiKey('/api/auth/demo-accounts'),
    queryFn: () => api.get<DemoAccounts>('/api/auth/demo-accounts'),
  });
  const { signInAndContinue, pending, pendingEmail } = useSignInAndContinue();
  return (
    <QueryState
      query={accounts}
      loading={
        <div className="space-y-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      }
      error="The demo accounts could not be loaded. You can still type one below."
      empty={null}
      // No demo network (an empty database): the typed form below is all there is.
      isEmpty={() => false}
    >
      {(data) =>
        data.items.length > 0 && (
          <ul
            className="divide-y divide-slate-200 rounded-md border border-slate-200"
            aria-label="Demo accounts"
          >
            {data.items.map((account) => (
              <li key={account.email} className="flex items-center gap-3 px-3 py-2">
                <div className="min-w-0 flex-1 break-words">
                  <p className="font-medium text-slate-900">{account.name}</p>
                  <p className="text-sm text-slate-700">
                    {ROLE_DISPLAY_NAME[account.role]}
                    {account.chapterName && ` · ${account.chapterName}`}
                  </p>
                  <p className="text-sm text-slate-600">{account.email}</p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={pending}
                  aria-label={`Sign in as ${account.name}, ${ROLE_DISPLAY_NAME[account.role]}`}
                  onClick={() => signInAndContinue({ email: account.email, password: data.password })}
                >
                  {pending && pendingEmail === account.email ? 'Signing in...' : 'Sign in'}
                </Button>
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

/** Demo and test accounts (@AUTH_TEST_DOMAIN) sign in on the server-side path, not through Google. */
export default function TestAccountSignIn({ domain }: { domain: string }) {
  return (
    <Card className="mt-6 w-full border-dashed">
      <CardHeader>
        <CardTitle className="text-base!">Demo account sign-in</CardTitle>
        <CardDescription>
          For @{domain} accounts only. Pick one to sign in with a click, or type one below.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <DemoAccountList />
        <EmailPasswordForm submitLabel="Sign in with demo account" />
      </CardContent>
    </Card>
  );
}
