import { and, eq, sql } from 'drizzle-orm';
import { VISITOR_MESSAGES as M, type VisitorStage } from '../../../domain/visitors/contracts';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { chapterScopeOf, inChapterScope } from '../../db/chapter-scope';
import type { Database } from '../../db/client';
import { visitorFollowUps, visitors } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { recordStageMove } from './visitor-stages';

/**
 * POST /api/visitors/:id/not-a-fit (leadership): the one move made by hand. The visitor leaves the pipeline from
 * any stage, the reason kept with the move; their open calls are closed, so no host is reminded of them.
 */
export async function markNotAFit(db: Database, actor: Actor, id: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'LEADERSHIP');
    const [row] = await tx
      .select({ stage: visitors.stage, chapterId: visitors.chapterId })
      .from(visitors)
      .where(and(eq(visitors.id, id), inChapterScope(chapterScopeOf(by), visitors.chapterId)))
      .for('update');
    if (!row) throw notFound(M.notFound);
    if (row.stage === 'not_a_fit') throw conflict(M.alreadyNotAFit);
    await tx.update(visitors).set({ stage: 'not_a_fit', updatedAt: sql`now()` }).where(eq(visitors.id, id));
    await recordStageMove(tx, {
      chapterId: row.chapterId,
      visitorId: id,
      from: row.stage as VisitorStage,
      to: 'not_a_fit',
      cause: 'leadership',
      byId: by.id,
      reason,
    });
    await tx
      .delete(visitorFollowUps)
      .where(and(eq(visitorFollowUps.visitorId, id), sql`${visitorFollowUps.recordedAt} is null`));
  });
}
