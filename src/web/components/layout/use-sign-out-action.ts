import { useLocation } from 'wouter';
import { useSignOut } from '../../lib/auth/auth-queries';
import { toast } from '../ui/toast-store';

/** Signs out, then returns to the home page; used by the user menu and the mobile menu. */
export function useSignOutAction(onDone?: () => void) {
  const signOut = useSignOut();
  const [, navigate] = useLocation();
  return () => {
    onDone?.();
    signOut.mutate(undefined, {
      onSuccess: () => navigate('/'),
      onError: () =>
        toast({ title: 'Sign Out Failed', description: 'Please try again.', variant: 'destructive' }),
    });
  };
}
