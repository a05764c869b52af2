import type { AuditAction, AuditActorLabel } from '../../../domain/admin/audit';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

/** Who made a change: a signed-in account, or a named operator tool (the command line, start-up). */
export type AuditActor = { actorId: string } | { actorLabel: AuditActorLabel };

/** Records an administrative change in the caller's transaction: who, what, old -> new. */
export async function recordAudit(
  tx: Pick<Database, 'insert'>,
  entry: AuditActor & { action: AuditAction; subject: string; before?: unknown; after?: unknown },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: 'actorId' in entry ? entry.actorId : null,
    actorLabel: 'actorLabel' in entry ? entry.actorLabel : null,
    action: entry.action,
    subject: entry.subject,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** How the audit log names a person it changed: their name, else their email. */
export const auditSubject = (user: { firstName: string | null; lastName: string | null; email: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
