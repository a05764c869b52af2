import type { ActivityKind } from '../../../domain/activity/kinds';
import type { ReferralEventKind } from '../../../domain/referrals/status';
import type { Database } from '../../db/client';
import { type ReferralFieldChange, referralEvents } from '../../db/schema';
import { recordActivity } from '../activity/record-activity';

/**
 * Appends to a referral's history and tells the other party, inside the caller's transaction, so a
 * change and its record are written together or not at all.
 */
export async function recordReferralEvent(
  tx: Pick<Database, 'insert'>,
  event: {
    referralId: string;
    actorId: string;
    kind: ReferralEventKind;
    changes?: ReferralFieldChange[];
    tell?: { userId: string | null; kind: ActivityKind; description: string };
  },
): Promise<void> {
  await tx.insert(referralEvents).values({
    referralId: event.referralId,
    actorId: event.actorId,
    kind: event.kind,
    changes: event.changes ?? [],
  });
  if (event.tell?.userId) {
    await recordActivity(tx, {
      userId: event.tell.userId,
      kind: event.tell.kind,
      description: event.tell.description,
    });
  }
}

/** "the Anderson referral", or "a referral" when no customer was named. */
export const referralLabel = (customerName: string | null) =>
  customerName?.trim() ? `the ${customerName.trim()} referral` : 'a referral';
