import { and, eq, sql } from 'drizzle-orm';
import type { StageCause } from '../../../domain/visitors/pipeline';
import { forwardStage, type VisitorStage } from '../../../domain/visitors/status';
import type { Transaction } from '../../db/client';
import { visitorStageEvents, visitors } from '../../db/schema';

/** Keeps one move of a visitor's stage (or where they started, `from` null). */
export async function recordStageMove(
  tx: Transaction,
  move: {
    chapterId: string;
    visitorId: string;
    from: VisitorStage | null;
    to: VisitorStage;
    cause: StageCause;
    byId: string | null;
    reason?: string | null;
  },
): Promise<void> {
  await tx.insert(visitorStageEvents).values({
    chapterId: move.chapterId,
    visitorId: move.visitorId,
    fromStage: move.from,
    toStage: move.to,
    cause: move.cause,
    byId: move.byId,
    reason: move.reason ?? null,
    // The statement's own time, not the transaction's: two moves in one transaction keep their order.
    createdAt: sql`clock_timestamp()`,
  });
}

/**
 * An automatic move (a registration, a check-in, a call, an application, an approval): the visitor's row is
 * locked, and the stage changes only forward (never behind where they are, never out of "not a fit"); a move
 * that changes it is kept with its cause and who made it. Answers the stage they now stand at.
 */
export async function advanceVisitor(
  tx: Transaction,
  visitorId: string,
  to: VisitorStage,
  cause: StageCause,
  byId: string | null,
): Promise<VisitorStage | null> {
  const [row] = await tx
    .select({ stage: visitors.stage, chapterId: visitors.chapterId })
    .from(visitors)
    .where(eq(visitors.id, visitorId))
    .for('update');
  if (!row) return null;
  const from = row.stage as VisitorStage;
  const next = forwardStage(from, to);
  if (next === from) return from;
  await tx
    .update(visitors)
    .set({ stage: next, updatedAt: sql`now()` })
    .where(and(eq(visitors.id, visitorId), eq(visitors.stage, from)));
  await recordStageMove(tx, { chapterId: row.chapterId, visitorId, from, to: next, cause, byId });
  return next;
}

/**
 * A correction by a leader's hand (a check-in taken back): the stage moves from `from` to `to` only if it still
 * stands at `from`, kept in the history as leadership's.
 */
export async function setStageByHand(
  tx: Transaction,
  visitorId: string,
  from: VisitorStage,
  to: VisitorStage,
  byId: string,
): Promise<void> {
  const [moved] = await tx
    .update(visitors)
    .set({ stage: to, updatedAt: sql`now()` })
    .where(and(eq(visitors.id, visitorId), eq(visitors.stage, from)))
    .returning({ chapterId: visitors.chapterId });
  if (moved)
    await recordStageMove(tx, { chapterId: moved.chapterId, visitorId, from, to, cause: 'leadership', byId });
}
