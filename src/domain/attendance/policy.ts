import { canLogAttendance, type Role } from '../roles/roles';

/**
 * Who may read whose attendance (docs/decisions/0012): leadership and above read everyone's (they run
 * the meeting); a member reads their own. Logging, editing and deleting are leadership's alone.
 */
export const canReadAttendanceOf = (actor: { id: string; role: Role }, memberId: string) =>
  actor.id === memberId || canLogAttendance(actor.role);

export { canLogAttendance };
