import { eq } from 'drizzle-orm';
import type { Actor } from '../../auth/session-store';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

/** PUT /api/profile/commission: the member's own rate, 0 to 100 with one decimal (validated by the schema). */
export async function updateCommissionRate(db: Database, actor: Actor, input: { commissionPercent: string }) {
  const [row] = await db
    .update(users)
    .set({ commissionPercent: input.commissionPercent, updatedAt: new Date() })
    .where(eq(users.id, actor.id))
    .returning({ commissionPercent: users.commissionPercent });
  return { commissionPercent: row?.commissionPercent ?? input.commissionPercent };
}
