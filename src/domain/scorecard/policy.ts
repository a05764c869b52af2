import { hasRole, type Role } from '../roles/roles';

/** A member reads their own scorecard; leadership and above read their chapter's members' too. */
export const canReadScoreOf = (actor: { id: string; role: Role }, memberId: string) =>
  actor.id === memberId || hasRole(actor.role, 'LEADERSHIP');

/** Only administrators change a chapter's scoring rules. */
export const canChangeScoreRules = (role: Role) => hasRole(role, 'NETWORK_ADMIN');
