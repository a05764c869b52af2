import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useCurrentUser } from '../features/auth/api/auth-queries';

/** Sends signed-out users to /login; shows 'Loading...' while auth loads (spec section 2). */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) {
    return <div className="flex min-h-[50vh] items-center justify-center text-slate-600">Loading...</div>;
  }
  if (!user) return <Redirect to="/login" replace />;
  return <>{children}</>;
}
