import { and, eq, sql } from 'drizzle-orm';
import { VISITOR_MESSAGES as M } from '../../../domain/visitors/contracts';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { actingChapterId } from '../../db/chapter-settings';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { auditSubject, recordAudit } from '../audit/record-audit';

/**
 * PUT /api/visitors/president (leadership): the member overdue visitor calls go to, or none (then the chapter's
 * longest-standing leadership member). One per chapter; the change is audited.
 */
export async function setChapterPresident(
  db: Database,
  actor: Actor,
  memberId: string | null,
): Promise<void> {
  const chapterId = await actingChapterId(db, actor);
  await db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'LEADERSHIP');
    const chapterMembers = await tx
      .select({
        id: users.id,
        role: users.role,
        chapterPresident: users.chapterPresident,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(users)
      .where(
        and(eq(users.chapterId, chapterId), sql`(${users.chapterPresident} or ${users.id} = ${memberId})`),
      )
      .for('update');
    const next = chapterMembers.find((m) => m.id === memberId);
    if (memberId && (!next || next.role === 'GUEST')) {
      throw new HttpError('VALIDATION', M.presidentNotMember, { memberId: [M.presidentNotMember] });
    }
    const current = chapterMembers.find((m) => m.chapterPresident);
    if (current?.id === memberId) return;
    for (const [member, president] of [
      [current, false],
      [next, true],
    ] as const) {
      if (!member) continue;
      await tx
        .update(users)
        .set({ chapterPresident: president, updatedAt: sql`now()` })
        .where(eq(users.id, member.id));
      await recordAudit(tx, {
        actorId: by.id,
        action: 'user.president_changed',
        subject: auditSubject(member),
        before: { chapterPresident: !president },
        after: { chapterPresident: president },
        chapterId,
      });
    }
  });
}
