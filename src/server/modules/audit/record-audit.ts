import type { AuditAction, AuditActorLabel } from '../../../domain/admin/audit';
import { parseCents } from '../../../domain/money';
import type { Transaction } from '../../db/client';
import { auditLog } from '../../db/schema';

/** Who made a change: a signed-in account, or a named operator tool (the command line, start-up). */
export type AuditActor = { actorId: string } | { actorLabel: AuditActorLabel };

/**
 * Records an administrative change in the caller's transaction: who, what, old -> new, and the chapter it
 * belongs to (the changed member's or industry's; left out, the actor's: migration 0025's trigger).
 */
export async function recordAudit(
  tx: Transaction,
  entry: AuditActor & {
    action: AuditAction;
    subject: string;
    before?: unknown;
    after?: unknown;
    chapterId?: string | null;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    chapterId: entry.chapterId ?? null,
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

/**
 * A member's seat (industry) and their own dues are audited like a role: both decide
 * who holds a category and what they pay. Records only what moved; dues compare as amounts ("450" = "450.00").
 */
export async function recordSeatAndDuesChanges(
  tx: Transaction,
  actor: AuditActor,
  target: {
    firstName: string | null;
    lastName: string | null;
    email: string;
    industry: string | null;
    annualDuesOverride?: string | null;
    chapterId: string | null;
  },
  next: { industry?: string | null; annualDuesOverride?: string | null },
): Promise<void> {
  const subject = auditSubject(target);
  if (next.industry !== undefined && (next.industry ?? null) !== (target.industry ?? null))
    await recordAudit(tx, {
      ...actor,
      action: 'user.industry_changed',
      subject,
      chapterId: target.chapterId,
      before: { industry: target.industry },
      after: { industry: next.industry },
    });
  const sameDues = (a: string | null | undefined, b: string | null | undefined) =>
    (a == null ? null : parseCents(a)) === (b == null ? null : parseCents(b));
  if (next.annualDuesOverride !== undefined && !sameDues(target.annualDuesOverride, next.annualDuesOverride))
    await recordAudit(tx, {
      ...actor,
      action: 'user.dues_override_changed',
      subject,
      chapterId: target.chapterId,
      before: { annualDuesOverride: target.annualDuesOverride ?? null },
      after: { annualDuesOverride: next.annualDuesOverride },
    });
}
