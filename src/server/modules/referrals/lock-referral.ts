import { eq } from 'drizzle-orm';
import { isParty, REFERRAL_MESSAGES } from '../../../domain/referrals/contracts';
import type { Database } from '../../db/client';
import { referrals } from '../../db/schema';
import { notFound } from '../../lib/http-error';

/**
 * Locks a referral for a change by `userId`. Someone who is not a party may not know it exists, so for
 * them it is 404, like an unknown id (docs/decisions/0012).
 */
export async function lockReferral(tx: Pick<Database, 'select'>, id: string, userId: string) {
  const [row] = await tx.select().from(referrals).where(eq(referrals.id, id)).for('update');
  if (!row || !isParty(userId, row)) throw notFound(REFERRAL_MESSAGES.notFound);
  return row;
}
