import type { AuditAction } from '../../../domain/admin/audit';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

/** Records an administrative change in the caller's transaction: who, what, old -> new. */
export async function recordAudit(
  tx: Pick<Database, 'insert'>,
  entry: { actorId: string; action: AuditAction; subject: string; before?: unknown; after?: unknown },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    subject: entry.subject,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
