import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '../../../domain/auth/contracts';
import { canReviewApplications, hasRole } from '../../../domain/roles/roles';
import { pendingApplicationsCountQuery } from '../../features/applications/api/application-queries';
import { referralsWaitingCountQuery } from '../../features/referrals/api/referral-queries';
import { followUpWaitingQuery } from '../../features/visitors';

/** Counts refresh on their own this often, so a badge catches up with what others did meanwhile. */
const COUNT_REFRESH_MS = 60_000;

/**
 * What waits on the user, per dashboard tab: referrals to decide or answer and visitor calls due (Referral
 * Metrics), for reviewers pending applications, for leadership the chapter's overdue visitor calls (Visitors). Every change to a referral or application
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
  // A visitor host's calls whose day has come wait in Referral Metrics (their card is there); the chapter's
  // overdue calls wait on leadership's Visitors tab.
  const calls = useQuery({
    ...followUpWaitingQuery,
    enabled: hasRole(user.role, 'MEMBER'),
    refetchInterval: COUNT_REFRESH_MS,
  });
  const referralsWaiting =
    referrals.data || calls.data ? (referrals.data?.count ?? 0) + (calls.data?.mine ?? 0) : undefined;
  return {
    referrals: referralsWaiting,
    applications: applications.data?.count,
    visitors: calls.data?.chapterOverdue,
  };
}
