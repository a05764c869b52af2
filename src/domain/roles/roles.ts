/** The five roles, ranked: a role may do anything at or below its rank. */
export const ROLES = ['GUEST', 'MEMBER', 'LEADERSHIP', 'NETWORK_ADMIN', 'AGENCY_ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_RANK: Record<Role, number> = {
  GUEST: 0,
  MEMBER: 1,
  LEADERSHIP: 2,
  NETWORK_ADMIN: 3,
  AGENCY_ADMIN: 4,
};

export const ROLE_DISPLAY_NAME: Record<Role, string> = {
  AGENCY_ADMIN: 'Agency Administrator',
  NETWORK_ADMIN: 'Network Administrator',
  LEADERSHIP: 'Leadership',
  MEMBER: 'Member',
  GUEST: 'Guest',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Display name for any stored value; unknown values read 'Unknown' (docs/product.md, "Roles"). */
export function roleDisplayName(role: string | null | undefined): string {
  return isRole(role) ? ROLE_DISPLAY_NAME[role] : 'Unknown';
}

/** "At or above" semantics: hasRole('LEADERSHIP', 'MEMBER') is true. */
export function hasRole(role: Role | null | undefined, minimum: Role): boolean {
  if (!role) return false;
  return ROLE_RANK[role] >= ROLE_RANK[minimum];
}

/** A guest is the GUEST role or no user at all. */
export function isGuest(role: Role | null | undefined): boolean {
  return !role || role === 'GUEST';
}

/** 'Admin' means network admin or agency admin. */
export function isAdmin(role: Role | null | undefined): boolean {
  return hasRole(role, 'NETWORK_ADMIN');
}

export function canManageUsers(role: Role | null | undefined): boolean {
  return hasRole(role, 'NETWORK_ADMIN');
}

export function canReviewApplications(role: Role | null | undefined): boolean {
  return hasRole(role, 'LEADERSHIP');
}

export function canFinalizeApplications(role: Role | null | undefined): boolean {
  return hasRole(role, 'NETWORK_ADMIN');
}

export function canLogAttendance(role: Role | null | undefined): boolean {
  return hasRole(role, 'LEADERSHIP');
}

export function canManageIndustries(role: Role | null | undefined): boolean {
  return hasRole(role, 'NETWORK_ADMIN');
}

export function canManageSettings(role: Role | null | undefined): boolean {
  return hasRole(role, 'NETWORK_ADMIN');
}

/** A user can manage another only if their own rank is strictly higher. */
export function canManageUser(actor: Role | null | undefined, target: Role): boolean {
  if (!actor) return false;
  // Agency admins manage each other too (never themselves), or a second one could never be demoted
  // in the app; one always remains, the actor (docs/decisions/0019).
  if (actor === 'AGENCY_ADMIN' && target === 'AGENCY_ADMIN') return true;
  return canManageUsers(actor) && ROLE_RANK[actor] > ROLE_RANK[target];
}

/** Agency admin may assign all five; network admin GUEST, MEMBER and LEADERSHIP; others none. */
export function assignableRoles(actor: Role | null | undefined): readonly Role[] {
  if (actor === 'AGENCY_ADMIN') return ROLES;
  if (actor === 'NETWORK_ADMIN') return ['GUEST', 'MEMBER', 'LEADERSHIP'];
  return [];
}

export function canAssignRole(actor: Role | null | undefined, role: Role): boolean {
  return assignableRoles(actor).includes(role);
}
