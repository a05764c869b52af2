import { and, count, desc, eq, inArray, isNull, type Placeholder, sql } from 'drizzle-orm';
import type { MarkRead, NotificationList } from '../../../domain/notifications/contracts';
import { isNotificationKind } from '../../../domain/notifications/kinds';
import type { PageRequest } from '../../../domain/paging';
import type { Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { notifications } from '../../db/schema';
import { decodeKeyCursor, encodeKeyCursor } from '../../http/keyset-cursor';
import { isUuid } from '../../lib/uuid';

const unreadOf = preparedQuery((db) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), isNull(notifications.readAt)))
    .prepare('notifications_unread_count'),
);

/** My unread count, from the partial index of unread rows. */
export async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await unreadOf(db).execute({ userId });
  return row?.n ?? 0;
}

/** A page's columns for `userId` (a value or the prepared query's placeholder). */
const listColumns = (userId: string | Placeholder) => ({
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  // The unread count rides on every row (evaluated once, from the partial index of unread rows): the
  // panel is one round trip to the database, not two.
  unread: sql<number>`(select count(*)::int from ${notifications} as u where u.user_id = ${userId} and u.read_at is null)`,
});
const newest = [desc(notifications.createdAt), desc(notifications.id)];

/** The bell's first page, read on every refresh: prepared once. */
const newestOf = preparedQuery((db) =>
  db
    .select(listColumns(sql.placeholder('userId')))
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .orderBy(...newest)
    .limit(sql.placeholder('limit'))
    .prepare('notifications_newest'),
);

/**
 * The bell's panel: a page of my notifications, newest first, and the unread count, in one indexed
 * query. The cursor is the last shown notification's id; the next page starts right after its
 * (created at, id) in notifications_user_created_id_idx, exact to the microsecond.
 */
export async function listNotifications(
  db: Database,
  userId: string,
  page: PageRequest,
): Promise<NotificationList> {
  const [afterId] = decodeKeyCursor(page.cursor, [isUuid]) ?? [];
  const limit = page.limit + 1;
  const rows = afterId
    ? await db
        .select(listColumns(userId))
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            sql`(${notifications.createdAt}, ${notifications.id}) < (select n.created_at, n.id from notifications n where n.id = ${afterId} and n.user_id = ${userId})`,
          ),
        )
        .orderBy(...newest)
        .limit(limit)
    : await newestOf(db).execute({ userId, limit });
  // No rows: on the first page, no notifications at all (none unread); past the end, counted apart.
  const unread = rows[0]?.unread ?? (afterId ? await unreadCount(db, userId) : 0);
  const last = rows.length > page.limit ? rows[page.limit - 1] : undefined;
  return {
    nextCursor: last ? encodeKeyCursor([last.id]) : null,
    items: rows.slice(0, page.limit).flatMap(({ readAt, createdAt, kind, unread: _, ...row }) =>
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
