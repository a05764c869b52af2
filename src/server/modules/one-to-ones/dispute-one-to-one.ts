import { eq } from 'drizzle-orm';
import { longDay } from '../../../domain/calendar/day-name';
import { displayName } from '../../../domain/members/display-name';
import { ONE_TO_ONE_MESSAGES as M } from '../../../domain/one-to-ones/contracts';
import { otherOf } from '../../../domain/one-to-ones/pair';
import type { Actor } from '../../auth/session-store';
import type { Database } from '../../db/client';
import { oneToOnes } from '../../db/schema';
import { conflict, forbidden } from '../../lib/http-error';
import { recordOneToOneEvent } from './one-to-one-events';
import { lockOneToOne, oneToOneFor } from './one-to-one-rows';

/**
 * POST /api/one-to-ones/:id/dispute: the member who did not log it says it did not happen. It then counts
 * for neither, stays on both lists as disputed, and the member who logged it is told.
 */
export async function disputeOneToOne(db: Database, actor: Actor, id: string, note: string | null) {
  await db.transaction(async (tx) => {
    const { row } = await lockOneToOne(tx, id, actor.id);
    if (row.loggedById === actor.id) throw forbidden(M.notYourToDispute);
    if (row.status === 'disputed') throw conflict(M.alreadyDisputed);
    await tx
      .update(oneToOnes)
      .set({ status: 'disputed', disputedAt: new Date(), disputeNote: note, updatedAt: new Date() })
      .where(eq(oneToOnes.id, id));
    const reason = note ? ` They wrote: "${note}"` : '';
    await recordOneToOneEvent(tx, {
      oneToOneId: id,
      actorId: actor.id,
      kind: 'disputed',
      changes: { status: { from: 'held', to: 'disputed' } },
      tell: {
        userId: row.loggedById ?? otherOf(row, actor.id),
        body: `${displayName(actor)} says the one-to-one you logged for ${longDay(row.metOn)} did not happen, so it counts for neither of you.${reason}`,
      },
    });
  });
  return oneToOneFor(db, id, actor.id);
}
