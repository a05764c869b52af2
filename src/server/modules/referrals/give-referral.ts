import type { z } from 'zod';
import type { giveReferralSchema } from '../../../domain/referrals/contracts';
import type { Actor } from '../../auth/session-store';
import type { Database } from '../../db/client';
import { createReferral } from './new-referral';

/** Give Referral: the actor is the referrer and credits `toMemberId`, the recipient. */
export function giveReferral(db: Database, actor: Actor, input: z.output<typeof giveReferralSchema>) {
  return createReferral(
    db,
    actor,
    { ...input, referrerId: actor.id, recipientId: input.toMemberId },
    { field: 'toMemberId', id: input.toMemberId },
    (name, amount) =>
      `${name} credited you with a ${amount} referral. Approve or decline it on your dashboard.`,
  );
}
