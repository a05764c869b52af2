import { eq } from 'drizzle-orm';
import { displayName } from '../../../domain/members/display-name';
import { MESSAGES } from '../../../domain/messages';
import { formatUsd } from '../../../domain/money';
import { canDeleteReferral, otherParty } from '../../../domain/referrals/contracts';
import type { Actor } from '../../auth/session-store';
import type { Database } from '../../db/client';
import { referrals } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { lockReferral } from './lock-referral';
import { recordReferralEvent, referralLabel } from './referral-events';

/**
 * Deletes a referral for both parties. Its history stays (what it was, who removed it); an approved
 * one's amount leaves both members' metrics at once, since they are summed from what remains.
 */
export async function deleteReferral(db: Database, actor: Actor, input: { id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockReferral(tx, input.id, actor.id);
    if (!canDeleteReferral(actor.id, row)) throw forbidden(MESSAGES.forbidden);
    await tx.delete(referrals).where(eq(referrals.id, row.id));
    await recordReferralEvent(tx, {
      referralId: row.id,
      actorId: actor.id,
      kind: 'deleted',
      changes: [
        { field: 'status', from: row.status, to: null },
        { field: 'amount', from: row.amount, to: null },
      ],
      tell: {
        userId: otherParty(actor.id, row),
        kind: 'referral_deleted',
        description: `${displayName(actor)} deleted ${referralLabel(row.customerName)} (${formatUsd(row.amount)}, ${row.status})`,
      },
    });
  });
}
