import { and, eq, sql } from 'drizzle-orm';
import { proposedChanges, type ReferralFieldChange } from '../../../domain/referrals/changes';
import type { ReferralProposal, ReferralProposalKind } from '../../../domain/referrals/contracts';
import { describeFieldChange } from '../../../domain/referrals/names';
import type { Transaction } from '../../db/client';
import { type ReferralProposalRow, type ReferralRow, referralProposals } from '../../db/schema';
import { recordReferralEvent } from './referral-events';

/** "the amount from $200.00 to $500.00, the sale date from 2026-11-01 to 2026-11-02" */
export const describeChanges = (changes: ReferralFieldChange[]) =>
  changes.map((c) => `the ${describeFieldChange(c)}`).join(', ');

/** The proposal waiting on a referral, locked; call after locking the referral (one lock order everywhere). */
export async function lockPendingProposal(tx: Transaction, referralId: string) {
  const [row] = await tx
    .select()
    .from(referralProposals)
    .where(and(eq(referralProposals.referralId, referralId), eq(referralProposals.status, 'pending')))
    .for('update');
  return row;
}

/** Opens a proposal on a referral (the partial unique index keeps it the only pending one). */
export async function openProposal(
  tx: Transaction,
  values: {
    referralId: string;
    kind: ReferralProposalKind;
    proposedById: string;
    amount?: string;
    saleDate?: string;
  },
): Promise<ReferralProposalRow> {
  const [row] = await tx.insert(referralProposals).values(values).returning();
  return row!;
}

/** Closes a pending proposal as accepted, declined or withdrawn, recording who answered and when. */
export async function closeProposal(
  tx: Transaction,
  id: string,
  status: 'accepted' | 'declined' | 'withdrawn',
  actorId: string,
) {
  await tx
    .update(referralProposals)
    .set({ status, answeredById: actorId, answeredAt: sql`now()` })
    .where(eq(referralProposals.id, id));
}

/** The proposal as the API shows it (from its row, or from the columns a referral list joins in). */
export const toProposal = (
  row: Pick<ReferralProposalRow, 'id' | 'kind' | 'proposedById' | 'amount' | 'saleDate' | 'createdAt'>,
): ReferralProposal => ({
  id: row.id,
  kind: row.kind,
  proposedById: row.proposedById,
  amount: row.amount,
  saleDate: row.saleDate,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Withdraws the actor's own waiting proposal (a change replaced by a new one or by a removal request,
 * or either kind taken back): one history line; `tell` says what the other party reads, if anything.
 */
export async function withdrawProposal(
  tx: Transaction,
  actorId: string,
  row: Pick<ReferralRow, 'id' | 'amount' | 'saleDate'>,
  pending: ReferralProposalRow,
  tell?: { userId: string | null; description: string },
) {
  await closeProposal(tx, pending.id, 'withdrawn', actorId);
  const change = pending.kind === 'change';
  await recordReferralEvent(tx, {
    referralId: row.id,
    actorId,
    kind: change ? 'change_withdrawn' : 'removal_withdrawn',
    changes: change ? proposedChanges(row, pending) : [],
    tell: tell && { ...tell, kind: 'referral_proposal' },
  });
}
