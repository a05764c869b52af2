import type { z } from 'zod';
import type { reportReferralSchema } from '../../../domain/referrals/contracts';
import type { Actor } from '../../auth/session-store';
import type { Database } from '../../db/client';
import { createReferral } from './new-referral';

/** Report Received: the actor is the recipient of a closed sale that `referrerId` passed them. */
export function reportReferral(db: Database, actor: Actor, input: z.output<typeof reportReferralSchema>) {
  return createReferral(
    db,
    actor,
    { ...input, referrerId: input.referrerId, recipientId: actor.id },
    { field: 'referrerId', id: input.referrerId },
    (name, amount) =>
      `${name} reported a ${amount} sale from your referral. Approve or decline it on your dashboard.`,
  );
}
