import { parseCents } from '../money';

/** One field of a referral as it was and as it is (or would be): the unit of its history lines. */
export interface ReferralFieldChange {
  field: string;
  from: string | null;
  to: string | null;
}

/** '1500' and '1500.00' are the same amount. */
export const sameAmount = (a: string, b: string) => parseCents(a) === parseCents(b);

/**
 * A change proposal's field changes against the referral's approved values (only those that differ):
 * what the history records, what the other party is told, and what the proposal panel compares.
 */
export function proposedChanges(
  approved: { amount: string; saleDate: string },
  proposal: { amount: string | null; saleDate: string | null },
): ReferralFieldChange[] {
  const changes: ReferralFieldChange[] = [];
  if (proposal.amount !== null && !sameAmount(approved.amount, proposal.amount))
    changes.push({ field: 'amount', from: approved.amount, to: proposal.amount });
  if (proposal.saleDate !== null && proposal.saleDate !== approved.saleDate)
    changes.push({ field: 'saleDate', from: approved.saleDate, to: proposal.saleDate });
  return changes;
}

/**
 * A referral's status and amount as its removal leaves them: gone (null) when it is removed, unchanged when
 * a removal request is declined, so the history line says which.
 */
export const removalChanges = (
  referral: { status: string; amount: string },
  removed: boolean,
): ReferralFieldChange[] => [
  { field: 'status', from: referral.status, to: removed ? null : referral.status },
  { field: 'amount', from: referral.amount, to: removed ? null : referral.amount },
];
