import { and, eq, sql } from 'drizzle-orm';
import { type InviteVisitor, VISITOR_MESSAGES as M } from '../../../domain/visitors/contracts';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { chapterScopeOf, inChapterScope } from '../../db/chapter-scope';
import { actingChapterId } from '../../db/chapter-settings';
import type { Database } from '../../db/client';
import { users, visitors } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { auditSubject, recordAudit } from '../audit/record-audit';
import { registerVisit, upsertVisitor } from './register-visit';
import type { VisitEmailContext } from './visit-emails';

/**
 * POST /api/visitors: a member invites someone to their own chapter, to a meeting (a registration like the
 * public form's, the member named as the inviter) or not yet (stage invited).
 */
export async function inviteVisitor(
  db: Database,
  actor: Actor,
  input: InviteVisitor,
  context: VisitEmailContext,
): Promise<{ id: string }> {
  const chapterId = await actingChapterId(db, actor);
  const { meetingId, ...details } = input;
  if (meetingId) {
    const { visitorId } = await registerVisit(
      db,
      { chapterId, meetingId, details, source: 'member', invitedById: actor.id, byId: actor.id },
      context,
    );
    return { id: visitorId };
  }
  return db.transaction(async (tx) => {
    await confirmActorRole(tx, actor, 'MEMBER');
    return upsertVisitor(tx, chapterId, details, 'invited', 'member', actor.id, 'invitation', actor.id);
  });
}

/** DELETE /api/visitors/:id (leadership): a visitor's data goes on request, visits with it; audited. */
export async function deleteVisitor(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'LEADERSHIP');
    const [gone] = await tx
      .delete(visitors)
      .where(and(eq(visitors.id, id), inChapterScope(chapterScopeOf(by), visitors.chapterId)))
      .returning({
        chapterId: visitors.chapterId,
        firstName: visitors.firstName,
        lastName: visitors.lastName,
      });
    if (!gone) throw notFound(M.notFound);
    await recordAudit(tx, {
      actorId: by.id,
      action: 'visitor.deleted',
      subject: `${gone.firstName} ${gone.lastName}`,
      chapterId: gone.chapterId,
    });
  });
}

/** PUT /api/visitors/hosts/:memberId (leadership): a member of the chapter welcomes visitors, or no longer. */
export async function setVisitorHost(
  db: Database,
  actor: Actor,
  memberId: string,
  host: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'LEADERSHIP');
    const [member] = await tx
      .select({
        id: users.id,
        role: users.role,
        chapterId: users.chapterId,
        visitorHost: users.visitorHost,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(users)
      .where(and(eq(users.id, memberId), inChapterScope(chapterScopeOf(by), users.chapterId)))
      .for('update');
    if (!member) throw notFound(M.notFound);
    if (member.role === 'GUEST') throw new HttpError('VALIDATION', M.hostNotMember);
    if (member.visitorHost === host) return;
    await tx.update(users).set({ visitorHost: host, updatedAt: sql`now()` }).where(eq(users.id, memberId));
    await recordAudit(tx, {
      actorId: by.id,
      action: 'user.visitor_host_changed',
      subject: auditSubject(member),
      before: { visitorHost: member.visitorHost },
      after: { visitorHost: host },
      chapterId: member.chapterId,
    });
  });
}
