import type { PublicMember } from '../../../../domain/members/contracts';
import { displayName } from '../../../../domain/members/display-name';
import { hasRole } from '../../../../domain/roles/roles';
import { ButtonLink } from '../../../components/ui/button';
import { useCurrentUser } from '../../../lib/auth/auth-queries';

/** Where "Log a one-to-one" and "Book one" lead: Referral Metrics' forms with the member chosen. */
export const logOneToOneHref = (memberId: string) =>
  `/dashboard?tab=referrals&oneToOne=${encodeURIComponent(memberId)}`;
export const bookOneToOneHref = (memberId: string) =>
  `/dashboard?tab=referrals&book=${encodeURIComponent(memberId)}`;

/** "Log a one-to-one" and "Book one" with this member: for signed-in members, never on one's own card. */
export function OneToOneLinks({ member, size = 'sm' }: { member: PublicMember; size?: 'sm' | 'default' }) {
  const { user } = useCurrentUser();
  if (!user || !hasRole(user.role, 'MEMBER') || user.id === member.id) return null;
  const name = displayName(member);
  return (
    <>
      <ButtonLink
        size={size}
        variant="outline"
        href={logOneToOneHref(member.id)}
        aria-label={`Log a one-to-one with ${name}`}
      >
        Log a one-to-one
      </ButtonLink>
      <ButtonLink
        size={size}
        variant="outline"
        href={bookOneToOneHref(member.id)}
        aria-label={`Book one with ${name}`}
      >
        Book one
      </ButtonLink>
    </>
  );
}
