import { hasRole, type Role } from '../roles/roles';
import { APPLICATION_STATUSES, type ApplicationStatus } from './status';

/**
 * Who may do what with an application. The server calls these after it has locked the row; the web
 * calls the same functions to decide which buttons to show (docs/decisions/0012).
 */

/**
 * LEADERSHIP recommends, network administrators decide (docs/decisions/0024): leadership may set
 * Under Review (with a recommendation either way, as a note) or return to Pending; only NETWORK_ADMIN
 * and above approve or reject, because approval makes a member and rejection is final.
 */
export function settableStatuses(role: Role | null | undefined): readonly ApplicationStatus[] {
  if (hasRole(role, 'NETWORK_ADMIN')) return APPLICATION_STATUSES;
  if (hasRole(role, 'LEADERSHIP')) return ['pending', 'under_review'];
  return [];
}

/** What a reviewer who may not decide reads beside the statuses they cannot choose. */
export const DECIDED_BY_ADMINS =
  'Leadership recommends; a network administrator approves or rejects. Set Under Review and give your recommendation in the internal note.';

export const isOpenStatus = (status: ApplicationStatus) => status === 'pending' || status === 'under_review';

/**
 * Whether the application form is for this person: a visitor (asked to sign in on submit) or a GUEST
 * with no application or only a rejected one. Members, and guests whose application is open, see their
 * status instead.
 */
export function canApply(user: { role: Role; applicationStatus: ApplicationStatus | null } | null): boolean {
  if (!user) return true;
  return user.role === 'GUEST' && (user.applicationStatus === null || user.applicationStatus === 'rejected');
}

/** Whether this reviewer can still change anything on an application: decided ones are final. */
export const canChangeStatus = (role: Role | null | undefined, status: ApplicationStatus) =>
  isOpenStatus(status) && settableStatuses(role).length > 0;
