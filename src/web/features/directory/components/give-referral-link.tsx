import { Handshake } from 'lucide-react';
import type { PublicMember } from '../../../../domain/members/contracts';
import { displayName } from '../../../../domain/members/display-name';
import { hasRole } from '../../../../domain/roles/roles';
import { ButtonLink } from '../../../components/ui/button';
import { useCurrentUser } from '../../../lib/auth/auth-queries';

/** Where "Give a referral" leads: the Referral Metrics tab's Give Referral form with `memberId` chosen. */
export const giveReferralHref = (memberId: string) =>
  `/dashboard?tab=referrals&give=${encodeURIComponent(memberId)}`;

/**
 * "Give a referral" to this member: offered to signed-in members (a guest cannot give referrals yet),
 * never on one's own card.
 */
export function GiveReferralLink({ member, size = 'sm' }: { member: PublicMember; size?: 'sm' | 'default' }) {
  const { user } = useCurrentUser();
  if (!user || !hasRole(user.role, 'MEMBER') || user.id === member.id) return null;
  return (
    <ButtonLink
      size={size}
      href={giveReferralHref(member.id)}
      aria-label={`Give a referral to ${displayName(member)}`}
    >
      <Handshake aria-hidden /> Give a referral
    </ButtonLink>
  );
}
