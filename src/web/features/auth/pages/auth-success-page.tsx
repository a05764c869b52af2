import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { useAuthConfig, useCurrentUser } from '../../../lib/auth/auth-queries';
import { takeReturnPath } from '../../../lib/auth/return-path';
import { postSignInPath } from '../post-sign-in-path';

/** Where every sign-in lands; sends the user on once we know who they are. */
export default function AuthSuccessPage() {
  const { user, isLoading } = useCurrentUser();
  const [, navigate] = useLocation();
  const search = useSearch();
  const config = useAuthConfig();
  const justSignedIn = new URLSearchParams(search).get('signin') === 'success';

  useEffect(() => {
    // Wait for the network's name too, or the greeting reads 'Welcome to !'.
    if (isLoading || config.isLoading) return;
    if (user && justSignedIn) {
      const name = config.data?.networkName || 'the network';
      toast({ title: 'Sign In Successful', description: `Welcome to ${name}!` });
    }
    navigate((user && takeReturnPath()) || postSignInPath(user), { replace: true });
  }, [isLoading, user, justSignedIn, navigate, config.isLoading, config.data?.networkName]);

  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
      <Spinner className="size-8" />
      <p className="text-slate-700">Setting up your account...</p>
    </div>
  );
}
