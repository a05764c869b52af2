import { hasRole, type Role } from '../roles/roles';
import { APPLICATION_STATUSES, type ApplicationStatus } from './status';

/**
 * Who may do what with an application. The server calls these after it has locked the row; the web
 * calls the same functions to decide which buttons to show (docs/decisions/0012).
 */

/** LEADERSHIP may recommend (under_review) or return to pending; admins decide. */
export function settableStatuses(role: Role | null | undefined): readonly ApplicationStatus[] {
  if (hasRole(role, 'NETWORK_ADMIN')) return APPLICATION_STATUSES;
  if (hasRole(role, 'LEADERSHIP')) return ['pending', 'under_review'];
  return [];
}

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
