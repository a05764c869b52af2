import { Link } from 'wouter';
import { canChangeStatus } from '../../../../domain/applications/contracts';
import type { AuthUser } from '../../../../domain/auth/contracts';
import { Card } from '../../../components/ui/card';
import { useReviewerApplications } from '../../applications';
import { usePendingReferrals } from '../../referrals';

/** What is really waiting for this person: applications they may decide and referrals awaiting them. */
export function PendingApprovals({ user }: { user: AuthUser }) {
  const applications = useReviewerApplications(1);
  const referrals = usePendingReferrals();
  const apps = (applications.data?.open ?? []).filter((a) => canChangeStatus(user.role, a.status));
  // The first page is enough to say how many wait (25+ when more pages follow).
  const firstPage = referrals.data?.pages[0];
  const refs = firstPage?.items ?? [];
  const more = firstPage?.nextCursor ? '+' : '';
  const loading = applications.isLoading || referrals.isLoading;
  return (
    <Card className="p-4" data-testid="pending-approvals">
      <h2 className="font-semibold text-slate-900">Pending Approvals</h2>
      {loading ? null : apps.length + refs.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No pending approvals</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {apps.length > 0 && (
            <li>
              <Link className="font-medium text-brand-700 underline" href="/dashboard?tab=applications">
                {apps.length} application{apps.length === 1 ? '' : 's'} awaiting review
              </Link>
            </li>
          )}
          {refs.length > 0 && (
            <li>
              <Link className="font-medium text-brand-700 underline" href="/dashboard?tab=referrals">
                {refs.length}
                {more} referral{refs.length === 1 && !more ? '' : 's'} awaiting your approval
              </Link>
            </li>
          )}
        </ul>
      )}
    </Card>
  );
}
