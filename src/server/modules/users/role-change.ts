import { count, eq } from 'drizzle-orm';
import type { Role } from '../../../domain/roles/roles';
import type { Database, Transaction } from '../../db/client';
import { sessions, type UserRow, users } from '../../db/schema';
import { type AuditActor, auditSubject, recordAudit } from '../audit/record-audit';

/**
 * How many agency administrators there are, asked only when `target` is one (the last-one rule needs it);
 * 0 otherwise. Call it with the target's row locked.
 */
export async function agencyAdminsIfNeeded(
  tx: Pick<Database, 'select'>,
  target: Pick<UserRow, 'role'>,
): Promise<number> {
  if (target.role !== 'AGENCY_ADMIN') return 0;
  const [agency] = await tx.select({ n: count() }).from(users).where(eq(users.role, 'AGENCY_ADMIN'));
  return agency?.n ?? 0;
}

/**
 * What follows a role change written in `tx`, wherever it was made (User Management, the command line):
 * the audit entry, and for GUEST a deactivation whose sessions end at once.
 */
export async function recordRoleChange(
  tx: Transaction,
  target: Pick<UserRow, 'id' | 'role' | 'firstName' | 'lastName' | 'email' | 'chapterId'>,
  newRole: Role,
  by: AuditActor,
): Promise<void> {
  await recordAudit(tx, {
    ...by,
    action: newRole === 'GUEST' ? 'user.deactivated' : 'user.role_changed',
    subject: auditSubject(target),
    chapterId: target.chapterId,
    before: { role: target.role },
    after: { role: newRole },
  });
  if (newRole === 'GUEST') await tx.delete(sessions).where(eq(sessions.userId, target.id));
}
