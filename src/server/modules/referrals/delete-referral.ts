import { eq } from 'drizzle-orm';
import { displayName } from '../../../domain/members/display-name';
import { MESSAGES } from '../../../domain/messages';
import { formatUsd } from '../../../domain/money';
import { removalChanges } from '../../../domain/referrals/changes';
import {
  canDeleteReferral,
  needsAgreement,
  otherParty,
  REFERRAL_MESSAGES,
  type ReferralProposal,
} from '../../../domain/referrals/contracts';
import type { Actor } from '../../auth/session-store';
import type { Database } from '../../db/client';
import { referrals } from '../../db/schema';
import { conflict, forbidden } from '../../lib/http-error';
import { lockReferral } from './lock-referral';
import { recordReferralEvent, referralLabel } from './referral-events';
import { lockPendingProposal, openProposal, toProposal, withdrawProposal } from './referral-proposals';

/**
 * Deletes a pending or declined referral for both parties; its history stays. An approved one counts in
 * both members' figures, so deleting it is a removal request the other party accepts (then it goes and
 * both figures move) or declines: `{ requested }` is that request.
 */
export async function deleteReferral(
  db: Database,
  actor: Actor,
  input: { id: string },
): Promise<{ requested?: ReferralProposal }> {
  return db.transaction(async (tx) => {
    const row = await lockReferral(tx, input.id, actor.id);
    if (!canDeleteReferral(actor.id, row)) throw forbidden(MESSAGES.forbidden);
    const name = displayName(actor);
    const label = referralLabel(row.customerName);
    if (!needsAgreement(row)) {
      await tx.delete(referrals).where(eq(referrals.id, row.id));
      await recordReferralEvent(tx, {
        referralId: row.id,
        actorId: actor.id,
        kind: 'deleted',
        changes: removalChanges(row, true),
        tell: {
          userId: otherParty(actor.id, row),
          kind: 'referral_deleted',
          description: `${name} deleted ${label} (${formatUsd(row.amount)}, ${row.status})`,
        },
      });
      return {};
    }
    const pending = await lockPendingProposal(tx, row.id);
    if (pending && pending.proposedById !== actor.id) throw conflict(REFERRAL_MESSAGES.otherProposalWaiting);
    if (pending?.kind === 'removal') return { requested: toProposal(pending) }; // asked already
    // A removal request replaces the actor's own waiting change.
    if (pending) await withdrawProposal(tx, actor.id, row, pending);
    const proposal = await openProposal(tx, { referralId: row.id, kind: 'removal', proposedById: actor.id });
    await recordReferralEvent(tx, {
      referralId: row.id,
      actorId: actor.id,
      kind: 'removal_requested',
      changes: [{ field: 'status', from: row.status, to: null }],
      tell: {
        userId: otherParty(actor.id, row),
        kind: 'referral_proposal',
        description: `${name} asks to remove ${label} (${formatUsd(row.amount)}, approved). If you accept, it no longer counts for either of you.`,
      },
    });
    return { requested: toProposal(proposal) };
  });
}
