import { Info } from 'lucide-react';
import { useEffect } from 'react';
import { Redirect, useSearch } from 'wouter';
import { signInErrorMessage } from '../../../../domain/auth/messages';
import { Logo } from '../../../components/layout/logo';
import { buttonClass } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { useAuthConfig, useCurrentUser, useNetworkName } from '../../../lib/auth/auth-queries';
import { lazyPart, PartBoundary } from '../../../lib/lazy-part';
import { ENABLE_EMAIL_PASSWORD_AUTH } from '../email-password-switch';

// The password forms carry react-hook-form and zod; they load only where they are switched on.
const EmailPasswordForm = lazyPart('features/auth/components/email-password-form.tsx', () =>
  import('../components/email-password-form').then((m) => ({ default: m.EmailPasswordForm })),
);
const TestAccountSignIn = lazyPart(
  'features/auth/components/test-account-sign-in.tsx',
  () => import('../components/test-account-sign-in'),
);

function GoogleMark() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="size-5">
      <path
        fill="#4285F4"
        d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8z" />
      <path
        fill="#EA4335"
        d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.3 9.1 5.4 12 5.4z"
      />
    </svg>
  );
}

export default function LoginPage() {
  const { user, isLoading } = useCurrentUser();
  const { data: config } = useAuthConfig();
  const networkName = useNetworkName();
  const search = useSearch();
  const error = new URLSearchParams(search).get('error');

  useEffect(() => {
    window.scrollTo(0, 0);
    document.title = `Sign In / Sign Up - ${networkName}`;
  }, [networkName]);

  useEffect(() => {
    if (!error) return;
    // Only fixed messages, chosen by code: the address bar is not allowed to speak for us.
    if (error === 'cancelled') toast({ title: 'Sign-in cancelled', description: signInErrorMessage(error) });
    else toast({ title: 'Sign In Failed', description: signInErrorMessage(error), variant: 'destructive' });
    // Drop the error from the address so a reload does not toast again.
    window.history.replaceState(null, '', '/login');
  }, [error]);

  if (isLoading) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-2">
        <Spinner className="size-8" />
        <p className="text-slate-600">Loading...</p>
      </div>
    );
  }
  if (user) return <Redirect to="/auth-success" replace />;

  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-12">
      <Logo />
      <h1 className="mt-6 text-center text-2xl font-bold text-slate-900">Welcome to {networkName}</h1>
      <p className="mt-2 text-center text-slate-600">
        Sign in to your account or create a new one to get started
      </p>

      <Card className="mt-8 w-full">
        <CardHeader>
          <CardTitle>Welcome</CardTitle>
          <CardDescription>Sign in with Google to access your account or create a new one</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <a
            href="/api/auth/google"
            className={buttonClass({ variant: 'outline', size: 'lg', className: 'w-full' })}
          >
            <GoogleMark /> Continue with Google
          </a>
          {config?.providers.googleIsDevelopment && (
            <p className="text-xs text-slate-500">
              Development mode: Google is stood in for by the built-in test identity provider.
            </p>
          )}
          <div className="space-y-2 rounded-lg bg-brand-50 p-3 text-sm text-slate-700">
            <p className="flex gap-2">
              <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
              New here? Your account is created automatically the first time you sign in with Google.
            </p>
            <p className="flex gap-2">
              <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
              After joining, submit a membership application for approval.
            </p>
          </div>
          {ENABLE_EMAIL_PASSWORD_AUTH && (
            <PartBoundary>
              <EmailPasswordForm />
            </PartBoundary>
          )}
        </CardContent>
      </Card>

      {config?.providers.testDomain && (
        <PartBoundary fallback={<div className="mt-6 h-72 w-full" />}>
          <TestAccountSignIn domain={config.providers.testDomain} />
        </PartBoundary>
      )}

      <p className="mt-6 text-center text-xs text-slate-500">
        By continuing, you agree to our{' '}
        <a className="underline" href="/about#terms" target="_blank" rel="noopener noreferrer">
          Terms of Service
        </a>{' '}
        and{' '}
        <a className="underline" href="/about#privacy" target="_blank" rel="noopener noreferrer">
          Privacy Policy
        </a>
        .
      </p>
    </div>
  );
}
