import type { ActivityKind } from '../../../domain/activity/kinds';
import { NOTIFICATION_LINKS, type NotificationKind } from '../../../domain/notifications/kinds';
import type { ReferralFieldChange } from '../../../domain/referrals/changes';
import type { ReferralEventKind } from '../../../domain/referrals/status';
import type { Transaction } from '../../db/client';
import { referralEvents } from '../../db/schema';
import { recordActivity } from '../activity/record-activity';
import { notify } from '../notifications/notify';

/** What the other party is notified of for each kind of history line. */
/** Where a notification leads: the referral itself, or the list once the referral is gone. */
const ITSELF = 'itself' as const;
const NOTIFICATION_FOR: Record<ReferralEventKind, { kind: NotificationKind; title: string; link: string }> = {
  created: {
    kind: 'referral_awaiting',
    title: 'A referral waits for your decision',
    link: ITSELF,
  },
  approved: {
    kind: 'referral_decided',
    title: 'Your referral was approved',
    link: ITSELF,
  },
  declined: {
    kind: 'referral_decided',
    title: 'Your referral was declined',
    link: ITSELF,
  },
  edited: { kind: 'referral_changed', title: 'A referral was edited', link: ITSELF },
  deleted: { kind: 'referral_changed', title: 'A referral was deleted', link: NOTIFICATION_LINKS.referrals },
  change_proposed: {
    kind: 'referral_proposal',
    title: 'A change to an approved referral waits for your answer',
    link: ITSELF,
  },
  change_accepted: {
    kind: 'referral_proposal',
    title: 'Your proposed change was accepted',
    link: ITSELF,
  },
  change_declined: {
    kind: 'referral_proposal',
    title: 'Your proposed change was declined',
    link: ITSELF,
  },
  change_withdrawn: {
    kind: 'referral_proposal',
    title: 'A proposed change was withdrawn',
    link: ITSELF,
  },
  removal_requested: {
    kind: 'referral_proposal',
    title: 'A request to remove an approved referral waits for your answer',
    link: ITSELF,
  },
  removal_accepted: {
    kind: 'referral_proposal',
    title: 'Your request to remove a referral was accepted',
    link: NOTIFICATION_LINKS.referrals,
  },
  removal_declined: {
    kind: 'referral_proposal',
    title: 'Your request to remove a referral was declined',
    link: ITSELF,
  },
  removal_withdrawn: {
    kind: 'referral_proposal',
    title: 'A request to remove a referral was withdrawn',
    link: ITSELF,
  },
};

/**
 * Appends to a referral's history and tells the other party (their activity feed and a notification),
 * inside the caller's transaction, so a change and its record are written together or not at all.
 */
export async function recordReferralEvent(
  tx: Transaction,
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
    const { link, ...notification } = NOTIFICATION_FOR[event.kind];
    await notify(tx, {
      userId: event.tell.userId,
      body: event.tell.description,
      ...notification,
      link: link === ITSELF ? NOTIFICATION_LINKS.referral(event.referralId) : link,
    });
  }
}

/** "the Anderson referral", or "a referral" when no customer was named. */
export const referralLabel = (customerName: string | null) =>
  customerName ? `the ${customerName} referral` : 'a referral';
