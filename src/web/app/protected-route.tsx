import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { AuthLoadFailed } from '../features/auth/components/auth-load-failed';
import { useCurrentUser } from '../lib/auth/auth-queries';

/**
 * Sends signed-out users to /login and shows 'Loading...' while auth loads. When the
 * user could not be loaded at all, it says so with a retry instead of sending them away.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading, failed, retry } = useCurrentUser();
  if (isLoading) {
    return (
      // A screen tall, like the page that follows: the footer starts below the fold and is not pushed.
      <div role="status" className="flex min-h-screen items-center justify-center text-slate-600">
        Loading...
      </div>
    );
  }
  if (failed) return <AuthLoadFailed onRetry={retry} />;
  if (!user) return <Redirect to="/login" replace />;
  return <>{children}</>;
}
