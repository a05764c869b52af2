import { canReviewApplications, hasRole } from '../../../domain/roles/roles';
import {
  myApplicationsQuery,
  pendingApplicationsCountQuery,
  reviewerApplicationsQuery,
} from '../../features/applications/api/application-queries';
import { myAttendanceStatsQuery } from '../../features/attendance/api/attendance-queries';
import { myMeetingsQuery } from '../../features/attendance/api/meeting-queries';
import { myWeekQuery } from '../../features/attendance/api/week-report-queries';
import { chaptersQuery } from '../../features/chapters/api/chapter-queries';
import { memberChoicesQuery } from '../../features/directory/api/member-choice-queries';
import { educationUnitsQuery } from '../../features/education-units/api/education-unit-queries';
import {
  emailPreferencesQuery,
  notificationsQuery,
} from '../../features/notifications/api/notification-queries';
import {
  bookingsQuery,
  oneToOneSummaryQuery,
  oneToOnesQuery,
  suggestionsQuery,
} from '../../features/one-to-ones/api/one-to-one-queries';
import {
  pendingReferralsQuery,
  referralHistoryQuery,
  referralMetricsQuery,
  referralProposalsQuery,
  referralSummaryQuery,
  referralsWaitingCountQuery,
} from '../../features/referrals/api/referral-queries';
import { testimonialsQuery } from '../../features/testimonials/api/testimonial-queries';
import { followUpWaitingQuery, myFollowUpsQuery } from '../../features/visitors/api/follow-up-queries';
import { myVisitorsQuery } from '../../features/visitors/api/visitor-queries';
import type { RouteDataContext, RouteQuery } from '../route-data';
import { dashboardTabs, initialTab } from './dashboard-tabs';

/** What each painted tab reads as it opens (the tabs the server paints: where each role lands, and account). */
const TAB_READS: Partial<Record<string, (context: RouteDataContext) => RouteQuery[]>> = {
  account: () => [emailPreferencesQuery],
  applications: ({ user }) =>
    user && canReviewApplications(user.role) ? [reviewerApplicationsQuery(1)] : [myApplicationsQuery],
  referrals: () => [
    referralMetricsQuery(),
    referralSummaryQuery,
    pendingReferralsQuery,
    referralProposalsQuery,
    referralHistoryQuery('all'),
    myMeetingsQuery,
    myWeekQuery,
    myAttendanceStatsQuery(),
    // The give-a-referral form's member picker, before anything is typed.
    memberChoicesQuery(''),
    myFollowUpsQuery,
    myVisitorsQuery,
    oneToOneSummaryQuery,
    bookingsQuery,
    oneToOnesQuery,
    suggestionsQuery,
    educationUnitsQuery,
    testimonialsQuery('received'),
  ],
};

/**
 * The dashboard's reads for a signed-in member: the bell, the tab bar's counts, and what the tab it opens on
 * reads (the tab from the address, else where the member's role lands).
 */
export async function loadDashboard(context: RouteDataContext): Promise<unknown> {
  const { user, search, read } = context;
  if (!user) return undefined;
  const tab = initialTab(user, dashboardTabs(user), search.get('tab'));
  const reads: RouteQuery[] = [
    notificationsQuery,
    ...(hasRole(user.role, 'MEMBER') ? [referralsWaitingCountQuery, followUpWaitingQuery] : []),
    ...(canReviewApplications(user.role) ? [pendingApplicationsCountQuery] : []),
    // An agency administrator's chapter picker.
    ...(hasRole(user.role, 'AGENCY_ADMIN') ? [chaptersQuery] : []),
    ...(TAB_READS[tab]?.(context) ?? []),
  ];
  return Promise.all(reads.map((query) => read(query)));
}
