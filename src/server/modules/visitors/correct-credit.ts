import { and, eq, sql } from 'drizzle-orm';
import { VISITOR_MESSAGES as M } from '../../../domain/visitors/contracts';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { chapterScopeOf, inChapterScope } from '../../db/chapter-scope';
import { type Database, selectRows } from '../../db/client';
import { visitors, visitorVisits } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { recordAudit } from '../audit/record-audit';

/**
 * PUT /api/visitors/visits/:id/credit (leadership): who is credited with bringing a visitor to a meeting they
 * attended, set by hand (another member, or no one): the inviter was not recorded, or was the wrong one.
 * Audited, old and new.
 */
export async function correctVisitCredit(
  db: Database,
  actor: Actor,
  visitId: string,
  memberId: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'LEADERSHIP');
    const [visit] = await tx
      .select({
        chapterId: visitorVisits.chapterId,
        checkedInAt: visitorVisits.checkedInAt,
        credited: visitorVisits.creditedMemberId,
        firstName: visitors.firstName,
        lastName: visitors.lastName,
      })
      .from(visitorVisits)
      .innerJoin(visitors, eq(visitors.id, visitorVisits.visitorId))
      .where(and(eq(visitorVisits.id, visitId), inChapterScope(chapterScopeOf(by), visitorVisits.chapterId)))
      .for('update', { of: visitorVisits });
    if (!visit) throw notFound(M.notFound);
    if (!visit.checkedInAt) throw new HttpError('CONFLICT', M.creditNotAttended);
    if (visit.credited === memberId) return;
    const names = await selectRows<{ id: string; name: string; in_chapter: boolean }>(
      tx,
      sql`select id, trim(concat_ws(' ', first_name, last_name)) as name,
            (chapter_id = ${visit.chapterId} and role <> 'GUEST') as in_chapter
          from users where id in (${memberId ?? visit.credited}, ${visit.credited ?? memberId})`,
    );
    const nameOf = (id: string | null) => names.find((n) => n.id === id)?.name ?? null;
    if (memberId && !names.find((n) => n.id === memberId)?.in_chapter) {
      throw new HttpError('VALIDATION', M.creditNotMember, { memberId: [M.creditNotMember] });
    }
    await tx.update(visitorVisits).set({ creditedMemberId: memberId }).where(eq(visitorVisits.id, visitId));
    await recordAudit(tx, {
      actorId: by.id,
      action: 'visitor.credit_changed',
      subject: `${visit.firstName} ${visit.lastName}`,
      before: { creditedMemberId: visit.credited, creditedMember: nameOf(visit.credited) },
      after: { creditedMemberId: memberId, creditedMember: nameOf(memberId) },
      chapterId: visit.chapterId,
    });
  });
}
