import { eq, sql } from 'drizzle-orm';
import { displayName } from '../../../domain/members/display-name';
import { formatUsd } from '../../../domain/money';
import { proposedChanges, removalChanges } from '../../../domain/referrals/changes';
import {
  canAnswerProposal,
  canWithdrawProposal,
  isParty,
  otherParty,
  type ProposalAnswer,
  REFERRAL_MESSAGES,
  type Referral,
} from '../../../domain/referrals/contracts';
import type { ReferralEventKind } from '../../../domain/referrals/status';
import type { Actor } from '../../auth/session-store';
import type { Database, Transaction } from '../../db/client';
import { referralProposals, referrals } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { recordReferralEvent, referralLabel } from './referral-events';
import { findReferralFor } from './referral-lists';
import { closeProposal, describeChanges, withdrawProposal } from './referral-proposals';

/**
 * Locks a proposal and its referral for `actor`: the referral first (the order every referral change
 * takes), then the proposal. Someone who is not a party may not know it exists (404); a proposal
 * already answered or withdrawn (or whose referral a concurrent answer removed) is 409, so of two
 * concurrent answers exactly one counts.
 */
async function lockProposal(tx: Transaction, proposalId: string, actor: Actor) {
  const missing = () => notFound(REFERRAL_MESSAGES.proposalNotFound);
  const [found] = await tx
    .select({ referralId: referralProposals.referralId })
    .from(referralProposals)
    .where(eq(referralProposals.id, proposalId));
  if (!found) throw missing();
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(eq(referrals.id, found.referralId))
    .for('update');
  const [proposal] = await tx
    .select()
    .from(referralProposals)
    .where(eq(referralProposals.id, proposalId))
    .for('update');
  if (!proposal) throw missing();
  if (!referral) {
    // Its removal was accepted (perhaps a moment ago, by a concurrent answer): answered, for the two
    // members who took part in it; for anyone else it does not exist.
    const involved = proposal.proposedById === actor.id || proposal.answeredById === actor.id;
    throw involved ? conflict(REFERRAL_MESSAGES.proposalAnswered) : missing();
  }
  if (!isParty(actor.id, referral)) throw missing();
  if (proposal.status !== 'pending') throw conflict(REFERRAL_MESSAGES.proposalAnswered);
  return { referral, proposal };
}

/**
 * The other party accepts or declines a proposed change or removal of an approved referral. Accepting a
 * change writes the new amount and sale date (and so moves both members' figures); accepting a removal
 * deletes the referral (its history stays). The proposer hears the outcome.
 */
export async function answerReferralProposal(
  db: Database,
  actor: Actor,
  input: ProposalAnswer & { id: string },
): Promise<{ referral: Referral | null }> {
  const referralId = await db.transaction(async (tx) => {
    const { referral, proposal } = await lockProposal(tx, input.id, actor);
    if (!canAnswerProposal(actor.id, referral, proposal))
      throw forbidden(REFERRAL_MESSAGES.notYourProposalToAnswer);
    await closeProposal(tx, proposal.id, input.decision, actor.id);
    const accepted = input.decision === 'accepted';
    const changes = proposedChanges(referral, proposal);
    const name = displayName(actor);
    const label = referralLabel(referral.customerName);
    let kind: ReferralEventKind;
    let description: string;
    if (proposal.kind === 'change') {
      kind = accepted ? 'change_accepted' : 'change_declined';
      description = accepted
        ? `${name} accepted your change to ${label}: ${describeChanges(changes)}`
        : `${name} declined your change to ${label}; it keeps its approved values`;
      if (accepted)
        await tx
          .update(referrals)
          .set({
            amount: proposal.amount ?? referral.amount,
            saleDate: proposal.saleDate ?? referral.saleDate,
            updatedAt: sql`now()`,
          })
          .where(eq(referrals.id, referral.id));
    } else {
      kind = accepted ? 'removal_accepted' : 'removal_declined';
      description = accepted
        ? `${name} accepted removing ${label} (${formatUsd(referral.amount)}); it no longer counts for either of you`
        : `${name} declined removing ${label}; it stays approved`;
      if (accepted) await tx.delete(referrals).where(eq(referrals.id, referral.id));
    }
    await recordReferralEvent(tx, {
      referralId: referral.id,
      actorId: actor.id,
      kind,
      changes: proposal.kind === 'change' ? changes : removalChanges(referral, accepted),
      tell: { userId: proposal.proposedById, kind: 'referral_proposal', description },
    });
    return referral.id;
  });
  return { referral: (await findReferralFor(db, referralId, actor.id)) ?? null };
}

/** The proposer takes back a waiting change or removal request; the other party hears of it. */
export async function withdrawReferralProposal(
  db: Database,
  actor: Actor,
  input: { id: string },
): Promise<{ referral: Referral | null }> {
  const referralId = await db.transaction(async (tx) => {
    const { referral, proposal } = await lockProposal(tx, input.id, actor);
    if (!canWithdrawProposal(actor.id, proposal))
      throw forbidden(REFERRAL_MESSAGES.notYourProposalToWithdraw);
    const what = proposal.kind === 'change' ? 'proposed change to' : 'request to remove';
    await withdrawProposal(tx, actor.id, referral, proposal, {
      userId: otherParty(actor.id, referral),
      description: `${displayName(actor)} withdrew the ${what} ${referralLabel(referral.customerName)}`,
    });
    return referral.id;
  });
  return { referral: (await findReferralFor(db, referralId, actor.id)) ?? null };
}
