import { canAssignRole, canManageUser, ROLE_DISPLAY_NAME, type Role } from '../roles/roles';

export const USER_POLICY_MESSAGES = {
  self: 'You cannot change your own role or delete yourself here; edit your details on the Public Profile tab.',
  rank: 'You can only manage members whose role is below yours.',
  assign: (role: Role) => `You cannot assign the ${ROLE_DISPLAY_NAME[role]} role.`,
  lastAgencyAdmin: 'The last Agency Admin cannot be demoted or deleted.',
} as const;

/**
 * Why `actor` may not change `target` (to `newRole`, when given), or null when they may (the product's role
 * table). The server calls it with the target row locked; the web uses it to show Edit/Delete.
 */
export function userChangeRefusal(
  actor: { id: string; role: Role },
  target: { id: string; role: Role },
  change: { newRole?: Role; agencyAdmins?: number } = {},
): string | null {
  if (actor.id === target.id) return USER_POLICY_MESSAGES.self;
  if (!canManageUser(actor.role, target.role)) return USER_POLICY_MESSAGES.rank;
  const { newRole } = change;
  if (newRole && newRole !== target.role && !canAssignRole(actor.role, newRole))
    return USER_POLICY_MESSAGES.assign(newRole);
  if (removesLastAgencyAdmin(target, newRole, change.agencyAdmins ?? 0))
    return USER_POLICY_MESSAGES.lastAgencyAdmin;
  return null;
}

/**
 * Whether demoting or deleting `target` (no `newRole`) would leave the network without an agency
 * administrator, given how many there are now. User Management and the command line both refuse it.
 */
export function removesLastAgencyAdmin(
  target: { role: Role },
  newRole: Role | undefined,
  agencyAdmins: number,
) {
  return target.role === 'AGENCY_ADMIN' && newRole !== 'AGENCY_ADMIN' && agencyAdmins <= 1;
}
