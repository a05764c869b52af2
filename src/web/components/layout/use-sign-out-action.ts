import { useLocation } from 'wouter';
import { useCurrentUser, useSignOut } from '../../lib/auth/auth-queries';
import { removeDraftsOf } from '../ui/form/drafts';
import { toast } from '../ui/toast-store';

/**
 * Signs out, then returns to the home page; used by the user menu and the mobile menu. Signing out
 * on purpose also forgets the person's unsaved drafts, so a shared computer keeps nothing of theirs.
 */
export function useSignOutAction(onDone?: () => void) {
  const signOut = useSignOut();
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  return () => {
    onDone?.();
    signOut.mutate(undefined, {
      onSuccess: () => {
        if (user) removeDraftsOf(user.id);
        navigate('/');
      },
      onError: () =>
        toast({ title: 'Sign Out Failed', description: 'Please try again.', variant: 'destructive' }),
    });
  };
}
