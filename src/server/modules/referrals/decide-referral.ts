import { eq } from 'drizzle-orm';
import { displayName } from '../../../domain/members/display-name';
import {
  canDecideReferral,
  REFERRAL_MESSAGES,
  type ReferralDecision,
} from '../../../domain/referrals/contracts';
import type { Actor } from '../../auth/session-store';
import type { Database } from '../../db/client';
import { referrals } from '../../db/schema';
import { conflict, forbidden } from '../../lib/http-error';
import { lockReferral } from './lock-referral';
import { recordReferralEvent, referralLabel } from './referral-events';
import { findReferralFor } from './referral-lists';

/**
 * Approves or declines a pending referral, once: the row is locked, so of 20 parallel approvals the
 * first changes it and the rest find it decided (409).
 */
export async function decideReferral(db: Database, actor: Actor, input: ReferralDecision & { id: string }) {
  await db.transaction(async (tx) => {
    const row = await lockReferral(tx, input.id, actor.id);
    if (row.status !== 'pending') throw conflict(REFERRAL_MESSAGES.alreadyDecided);
    if (!canDecideReferral(actor.id, row)) throw forbidden(REFERRAL_MESSAGES.notYours);
    await tx.update(referrals).set({ status: input.status }).where(eq(referrals.id, row.id));
    const verb = input.status === 'approved' ? 'approved' : 'declined';
    await recordReferralEvent(tx, {
      referralId: row.id,
      actorId: actor.id,
      kind: input.status,
      tell: {
        userId: row.createdById,
        kind: input.status === 'approved' ? 'referral_approved' : 'referral_declined',
        description: `${displayName(actor)} ${verb} ${referralLabel(row.customerName)}`,
      },
    });
  });
  return (await findReferralFor(db, input.id, actor.id))!;
}
