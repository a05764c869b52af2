import type { ActivityKind } from '../../../domain/activity/kinds';
import { NOTIFICATION_LINKS, type NotificationKind } from '../../../domain/notifications/kinds';
import type { ReferralFieldChange } from '../../../domain/referrals/changes';
import type { ReferralEventKind } from '../../../domain/referrals/status';
import type { Database } from '../../db/client';
import { referralEvents } from '../../db/schema';
import { recordActivity } from '../activity/record-activity';
import { notify } from '../notifications/notify';

/** What the other party is notified of for each kind of history line. */
const NOTIFICATION_FOR: Record<ReferralEventKind, { kind: NotificationKind; title: string; link: string }> = {
  created: {
    kind: 'referral_awaiting',
    title: 'A referral waits for your decision',
    link: NOTIFICATION_LINKS.pendingReferrals,
  },
  approved: {
    kind: 'referral_decided',
    title: 'Your referral was approved',
    link: NOTIFICATION_LINKS.referrals,
  },
  declined: {
    kind: 'referral_decided',
    title: 'Your referral was declined',
    link: NOTIFICATION_LINKS.referrals,
  },
  edited: { kind: 'referral_changed', title: 'A referral was edited', link: NOTIFICATION_LINKS.referrals },
  deleted: { kind: 'referral_changed', title: 'A referral was deleted', link: NOTIFICATION_LINKS.referrals },
  change_proposed: {
    kind: 'referral_proposal',
    title: 'A change to an approved referral waits for your answer',
    link: NOTIFICATION_LINKS.pendingReferrals,
  },
  change_accepted: {
    kind: 'referral_proposal',
    title: 'Your proposed change was accepted',
    link: NOTIFICATION_LINKS.referrals,
  },
  change_declined: {
    kind: 'referral_proposal',
    title: 'Your proposed change was declined',
    link: NOTIFICATION_LINKS.referrals,
  },
  change_withdrawn: {
    kind: 'referral_proposal',
    title: 'A proposed change was withdrawn',
    link: NOTIFICATION_LINKS.referrals,
  },
  removal_requested: {
    kind: 'referral_proposal',
    title: 'A request to remove an approved referral waits for your answer',
    link: NOTIFICATION_LINKS.pendingReferrals,
  },
  removal_accepted: {
    kind: 'referral_proposal',
    title: 'Your request to remove a referral was accepted',
    link: NOTIFICATION_LINKS.referrals,
  },
  removal_declined: {
    kind: 'referral_proposal',
    title: 'Your request to remove a referral was declined',
    link: NOTIFICATION_LINKS.referrals,
  },
  removal_withdrawn: {
    kind: 'referral_proposal',
    title: 'A request to remove a referral was withdrawn',
    link: NOTIFICATION_LINKS.referrals,
  },
};

/**
 * Appends to a referral's history and tells the other party (their activity feed and a notification),
 * inside the caller's transaction, so a change and its record are written together or not at all.
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
    await notify(tx, {
      userId: event.tell.userId,
      body: event.tell.description,
      ...NOTIFICATION_FOR[event.kind],
    });
  }
}

/** "the Anderson referral", or "a referral" when no customer was named. */
export const referralLabel = (customerName: string | null) =>
  customerName ? `the ${customerName} referral` : 'a referral';
