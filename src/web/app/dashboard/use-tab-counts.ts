import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '../../../domain/auth/contracts';
import { canReviewApplications, hasRole } from '../../../domain/roles/roles';
import { pendingApplicationsCountQuery } from '../../features/applications/api/application-queries';
import { referralsWaitingCountQuery } from '../../features/referrals/api/referral-queries';

/** Counts refresh on their own this often, so a badge catches up with what others did meanwhile. */
const COUNT_REFRESH_MS = 60_000;

/**
 * What waits on the user, per dashboard tab: referrals to decide or answer (Referral Metrics) and, for
 * reviewers, pending applications (the tab's badge). Every change to a referral or application
 * refreshes these with its own list (the same key prefix).
 */
export function useTabCounts(user: AuthUser): Partial<Record<string, number>> {
  const referrals = useQuery({
    ...referralsWaitingCountQuery,
    enabled: hasRole(user.role, 'MEMBER'),
    refetchInterval: COUNT_REFRESH_MS,
  });
  const applications = useQuery({
    ...pendingApplicationsCountQuery,
    enabled: canReviewApplications(user.role),
    refetchInterval: COUNT_REFRESH_MS,
  });
  return { referrals: referrals.data?.count, applications: applications.data?.count };
}
