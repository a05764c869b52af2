import { ArrowRight } from 'lucide-react';
import { ButtonLink, type ButtonVariants } from '../../../components/ui/button';
import { useCurrentUser } from '../../../lib/auth/auth-queries';

/**
 * The marketing call to action: signed out or loading -> /login; signed in with an
 * application -> /dashboard ('View Application Status'); signed in without one -> /apply.
 */
export function CtaLink({
  label = 'Apply for Membership',
  ...buttonProps
}: { label?: string; className?: string } & ButtonVariants) {
  const { user, isLoading } = useCurrentUser();
  const target = !user || isLoading ? '/login' : user.hasApplication ? '/dashboard' : '/apply';
  const text = user && !isLoading && user.hasApplication ? 'View Application Status' : label;
  return (
    <ButtonLink size="lg" {...buttonProps} href={target}>
      {text} <ArrowRight aria-hidden />
    </ButtonLink>
  );
}
