import { and, eq } from 'drizzle-orm';
import { type AdminUser, USER_MESSAGES, type UserEdit } from '../../../domain/admin/contracts';
import { userChangeRefusal } from '../../../domain/admin/policy';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { chapterScopeOf, inChapterScope } from '../../db/chapter-scope';
import type { Database, Transaction } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { auditSubject, recordAudit, recordSeatAndDuesChanges } from '../audit/record-audit';
import { moveSlugOnRename } from './member-slug';
import { agencyAdminsIfNeeded, recordRoleChange } from './role-change';
import { findAdminUser } from './user-queries';

/**
 * Confirms the actor is still an admin, locks the target and checks the role rules (domain/admin/policy.ts) with the
 * actor's current rank; every refusal is a 403 saying why.
 */
async function lockManageable(tx: Transaction, requestActor: Actor, id: string, newRole?: UserEdit['role']) {
  const actor = await confirmActorRole(tx, requestActor, 'NETWORK_ADMIN');
  const [target] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), inChapterScope(chapterScopeOf(actor), users.chapterId)))
    .for('update');
  if (!target) throw notFound(USER_MESSAGES.notFound);
  const refusal = userChangeRefusal(actor, target, {
    newRole,
    agencyAdmins: await agencyAdminsIfNeeded(tx, target),
  });
  if (refusal) throw new HttpError('FORBIDDEN', refusal);
  return target;
}

/**
 * PUT /api/users/:id. A rename moves the public address (the old one redirects); a change of role,
 * industry (the seat) or dues override is audited; setting GUEST deactivates: the member leaves the directory at once (the version trigger) and
 * their sessions end.
 */
export async function updateUser(
  db: Database,
  actor: Actor,
  input: UserEdit & { id: string },
): Promise<AdminUser> {
  const { id, ...edit } = input;
  await db.transaction(async (tx) => {
    const target = await lockManageable(tx, actor, id, edit.role);
    await moveSlugOnRename(tx, target, edit);
    await tx.update(users).set(edit).where(eq(users.id, id));
    if (edit.role !== target.role) await recordRoleChange(tx, target, edit.role, { actorId: actor.id });
    await recordSeatAndDuesChanges(tx, { actorId: actor.id }, target, edit);
  });
  return (await findAdminUser(db, id, chapterScopeOf(actor)))!;
}

/**
 * DELETE /api/users/:id: account, sessions, profile, applications and attendance go
 * (cascades); referrals stay for the other member, who sees 'Former member'. One transaction.
 */
export async function deleteUser(db: Database, actor: Actor, input: { id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockManageable(tx, actor, input.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.deleted',
      subject: auditSubject(target),
      chapterId: target.chapterId,
      before: { role: target.role, email: target.email },
    });
    await tx.delete(users).where(eq(users.id, input.id));
  });
}
