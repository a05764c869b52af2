import { NOTIFICATION_LINKS } from '../../../domain/notifications/kinds';
import type { Transaction } from '../../db/client';
import { oneToOneEvents } from '../../db/schema';
import { notify } from '../notifications/notify';

export type OneToOneEventKind =
  | 'logged'
  | 'disputed'
  | 'edited'
  | 'deleted'
  | 'change_proposed'
  | 'removal_requested'
  | 'change_accepted'
  | 'change_declined'
  | 'removal_accepted'
  | 'removal_declined'
  | 'proposal_withdrawn';

const TITLES: Record<OneToOneEventKind, string> = {
  logged: 'A one-to-one with you was logged',
  disputed: 'A one-to-one you logged was marked as not having happened',
  edited: 'A one-to-one with you was edited',
  deleted: 'A one-to-one with you was deleted',
  change_proposed: 'A change to a one-to-one waits for your answer',
  removal_requested: 'A request to remove a one-to-one waits for your answer',
  change_accepted: 'Your change to a one-to-one was accepted',
  change_declined: 'Your change to a one-to-one was declined',
  removal_accepted: 'Your request to remove a one-to-one was accepted',
  removal_declined: 'Your request to remove a one-to-one was declined',
  proposal_withdrawn: 'A proposed change to a one-to-one was withdrawn',
};

/**
 * Appends to a one-to-one's history and tells the other member (a notification, emailed unless they
 * switched it off), in the caller's transaction: the change and its record are written together or not at all.
 */
export async function recordOneToOneEvent(
  tx: Transaction,
  event: {
    oneToOneId: string;
    actorId: string;
    kind: OneToOneEventKind;
    changes?: Record<string, { from: unknown; to: unknown }>;
    tell: { userId: string | null; body: string };
  },
): Promise<void> {
  await tx.insert(oneToOneEvents).values({
    oneToOneId: event.oneToOneId,
    actorId: event.actorId,
    kind: event.kind,
    changes: event.changes ?? {},
  });
  if (event.tell.userId)
    await notify(tx, {
      userId: event.tell.userId,
      kind: 'one_to_one',
      title: TITLES[event.kind],
      body: event.tell.body,
      link: NOTIFICATION_LINKS.oneToOnes,
    });
}
