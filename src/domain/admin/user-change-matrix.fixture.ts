// Test data only, shared by the policy's unit test and the User Management API test. Written by hand,
// never computed with the policy it checks.
import type { Role } from '../roles/roles';

/**
 * docs/product.md, "Roles", written out by hand: actor -> target -> one letter per new role, in the order
 * GUEST, MEMBER, LEADERSHIP, NETWORK_ADMIN, AGENCY_ADMIN (two agency admins exist, so none is the last).
 * '.' allowed, 'r' refused by rank (only a strictly higher rank manages; agency admins manage each other),
 * 'a' refused because the actor may not assign that role (network admin: GUEST, MEMBER, LEADERSHIP only).
 */
export const USER_CHANGE_MATRIX: Record<Role, Record<Role, string>> = {
  GUEST: {
    GUEST: 'rrrrr',
    MEMBER: 'rrrrr',
    LEADERSHIP: 'rrrrr',
    NETWORK_ADMIN: 'rrrrr',
    AGENCY_ADMIN: 'rrrrr',
  },
  MEMBER: {
    GUEST: 'rrrrr',
    MEMBER: 'rrrrr',
    LEADERSHIP: 'rrrrr',
    NETWORK_ADMIN: 'rrrrr',
    AGENCY_ADMIN: 'rrrrr',
  },
  LEADERSHIP: {
    GUEST: 'rrrrr',
    MEMBER: 'rrrrr',
    LEADERSHIP: 'rrrrr',
    NETWORK_ADMIN: 'rrrrr',
    AGENCY_ADMIN: 'rrrrr',
  },
  NETWORK_ADMIN: {
    GUEST: '...aa',
    MEMBER: '...aa',
    LEADERSHIP: '...aa',
    NETWORK_ADMIN: 'rrrrr',
    AGENCY_ADMIN: 'rrrrr',
  },
  AGENCY_ADMIN: {
    GUEST: '.....',
    MEMBER: '.....',
    LEADERSHIP: '.....',
    NETWORK_ADMIN: '.....',
    AGENCY_ADMIN: '.....',
  },
};

export const NEW_ROLE_ORDER: Role[] = ['GUEST', 'MEMBER', 'LEADERSHIP', 'NETWORK_ADMIN', 'AGENCY_ADMIN'];

/** The refusal a letter of the matrix stands for, in the product's words. */
export function expectedRefusal(letter: string, newRole: Role): string | null {
  if (letter === '.') return null;
  if (letter === 'r') return 'You can only manage members whose role is below yours.';
  const names: Record<Role, string> = {
    GUEST: 'Guest',
    MEMBER: 'Member',
    LEADERSHIP: 'Leadership',
    NETWORK_ADMIN: 'Network Administrator',
    AGENCY_ADMIN: 'Agency Administrator',
  };
  return `You cannot assign the ${names[newRole]} role.`;
}

/** Every (actor, target, new role) of the matrix, with the refusal it expects. */
export const matrixCases = () =>
  NEW_ROLE_ORDER.flatMap((actor) =>
    NEW_ROLE_ORDER.flatMap((target) =>
      NEW_ROLE_ORDER.map((newRole, i) => ({
        actor,
        target,
        newRole,
        refusal: expectedRefusal(USER_CHANGE_MATRIX[actor][target].charAt(i), newRole),
      })),
    ),
  );
