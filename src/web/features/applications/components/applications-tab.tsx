import type { AuthUser } from '../../../../domain/auth/contracts';
import { canReviewApplications } from '../../../../domain/roles/roles';
import { ApplicationsReview } from './applications-review';
import { MyApplicationStatus } from './my-application-status';

/** The dashboard's Applications tab: reviewers see every application, anyone else their own status. */
export default function ApplicationsTab({ user }: { user: AuthUser }) {
  return canReviewApplications(user.role) ? <ApplicationsReview role={user.role} /> : <MyApplicationStatus />;
}
