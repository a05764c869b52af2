import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../domain/auth/contracts';
import { MESSAGES } from '../../domain/messages';
import { hasRole, type Role } from '../../domain/roles/roles';
import type { Transaction } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../lib/http-error';
import type { Actor } from './session-store';

/**
 * The route checked the actor's role when the request arrived; a demotion may have committed since. Call
 * this first in the transaction that writes: it reads the role again and holds the actor's row (FOR SHARE)
 * until commit, so a demotion either committed before (this refuses with 403) or waits for this write and
 * is answered after it. Returns the actor with the role (and chapter) read now, for policies that compare ranks.
 */
export async function confirmActorRole<
  A extends Pick<Actor, 'id' | 'role'> & Partial<Pick<Actor, 'actingChapterId'>>,
>(tx: Transaction, actor: A, minRole: Role): Promise<A & { chapterId: string | null }> {
  const [row] = await tx
    .select({ role: users.role, chapterId: users.chapterId })
    .from(users)
    .where(eq(users.id, actor.id))
    .for('share');
  if (!row) throw new HttpError('UNAUTHENTICATED', AUTH_MESSAGES.signInRequired);
  if (!hasRole(row.role, minRole)) throw new HttpError('FORBIDDEN', MESSAGES.forbidden);
  // The chapter is read again too: a member moved to another chapter acts in the new one only. An agency
  // administrator acting in a chapter keeps acting there; one demoted meanwhile loses that choice.
  const acting = hasRole(row.role, 'AGENCY_ADMIN') ? actor.actingChapterId : undefined;
  return { ...actor, role: row.role, chapterId: acting ?? row.chapterId, actingChapterId: acting };
}
