import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { MarkRead, NotificationList } from '../../../domain/notifications/contracts';
import { isNotificationKind, NOTIFICATION_PANEL_SIZE } from '../../../domain/notifications/kinds';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';

/** My unread count, from the partial index of unread rows. */
export async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** The bell's panel: my newest notifications and the unread count, in two indexed queries. */
export async function listNotifications(db: Database, userId: string): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATION_PANEL_SIZE),
    unreadCount(db, userId),
  ]);
  return {
    items: rows.flatMap(({ readAt, createdAt, kind, ...row }) =>
      // A kind a later version dropped is not shown rather than failing the whole list.
      isNotificationKind(kind)
        ? [{ ...row, kind, createdAt: createdAt.toISOString(), read: readAt !== null }]
        : [],
    ),
    unread,
  };
}

/** Marks some or all of my notifications read; another member's ids are simply not mine and stay as they are. */
export async function markRead(db: Database, userId: string, input: MarkRead): Promise<{ unread: number }> {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where('all' in input ? mine : and(mine, inArray(notifications.id, input.ids)));
  return { unread: await unreadCount(db, userId) };
}
