import { and, eq, ne } from 'drizzle-orm';
import { displayName } from '../../../domain/members/display-name';
import { formatUsd } from '../../../domain/money';
import { REFERRAL_MESSAGES, type Referral, type ReferralType } from '../../../domain/referrals/contracts';
import type { Actor } from '../../auth/session-store';
import type { Database } from '../../db/client';
import { referrals, users } from '../../db/schema';
import { fieldError } from '../../lib/http-error';
import { recordReferralEvent } from './referral-events';
import { findReferralFor } from './referral-lists';

export interface NewReferral {
  referrerId: string;
  recipientId: string;
  amount: string;
  customerName?: string | null;
  saleDate: string;
  notes?: string | null;
  referralType: ReferralType;
}

/**
 * Writes a referral the actor created (given or reported): always pending, between two different
 * non-guest members, with its 'created' history line and the other party told, in one transaction.
 */
export async function createReferral(
  db: Database,
  actor: Actor,
  input: NewReferral,
  counterpart: { field: 'toMemberId' | 'referrerId'; id: string },
  describe: (name: string, amount: string) => string,
): Promise<Referral> {
  if (counterpart.id === actor.id) throw fieldError(counterpart.field, REFERRAL_MESSAGES.notSelf);
  const id = await db.transaction(async (tx) => {
    // Locked against removal until this commits: a member removed meanwhile is refused here, or removed
    // after with the referral kept, never a foreign-key failure (a 500) at the insert.
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, counterpart.id), ne(users.role, 'GUEST')))
      .for('key share');
    if (!other) throw fieldError(counterpart.field, REFERRAL_MESSAGES.notAMember);
    const [row] = await tx
      .insert(referrals)
      .values({
        referrerId: input.referrerId,
        reporterId: input.recipientId,
        createdById: actor.id,
        amount: input.amount,
        customerName: input.customerName || null,
        saleDate: input.saleDate,
        notes: input.notes || null,
        referralType: input.referralType,
        status: 'pending',
      })
      .returning({ id: referrals.id });
    await recordReferralEvent(tx, {
      referralId: row!.id,
      actorId: actor.id,
      kind: 'created',
      tell: {
        userId: counterpart.id,
        kind: counterpart.field === 'toMemberId' ? 'referral_received' : 'referral_given',
        description: describe(displayName(actor), formatUsd(input.amount)),
      },
    });
    return row!.id;
  });
  return (await findReferralFor(db, id, actor.id))!;
}
