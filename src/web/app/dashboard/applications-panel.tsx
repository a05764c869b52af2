import type { AuthUser } from '../../../domain/auth/contracts';
import ApplicationsTab from '../../features/applications/components/applications-tab';
import { ReferralsPreview } from '../../features/referrals/components/referrals-preview';

/**
 * The Applications tab; a guest, who starts here, also sees the referral panels blurred,
 * so they see what membership opens. Two features, composed here.
 */
export default function ApplicationsPanel({ user }: { user: AuthUser }) {
  return (
    <>
      <ApplicationsTab user={user} />
      {user.role === 'GUEST' && <ReferralsPreview />}
    </>
  );
}
