import { inArray, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../domain/notifications/kinds';
import type { Role } from '../../../domain/roles/roles';
import type { Transaction } from '../../db/client';
import { notifications, users } from '../../db/schema';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

/**
 * Writes notifications inside the caller's transaction (the outbox): they exist exactly when the
 * change they tell about was committed, and the email worker picks them up from there. Typed as a
 * transaction, so passing the app's database (a write of its own, outside the change) does not compile.
 */
export async function notify(tx: Transaction, ...entries: NewNotification[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(notifications).values(entries);
}

/** A notification for a chapter's holders of some roles: who receives it is read when it is written. */
export type ChapterNotification = Omit<NewNotification, 'userId'> & { chapterId: string };

/**
 * One notification for every user of `chapterId` holding one of `roles` (but `exceptUserId`, when given), and for every
 * agency administrator among `roles` (they see every chapter), in one statement.
 */
export const notifyRoles = (
  tx: Transaction,
  roles: readonly Role[],
  exceptUserId: string | null,
  chapterId: string,
  entry: Omit<NewNotification, 'userId'>,
): Promise<void> => notifyRolesOfChapters(tx, roles, [{ ...entry, chapterId }], exceptUserId);

/** `notifyRoles` for several notifications, each for its own chapter, in one statement whatever their number. */
export async function notifyRolesOfChapters(
  tx: Transaction,
  roles: readonly Role[],
  entries: readonly ChapterNotification[],
  exceptUserId: string | null = null,
): Promise<void> {
  if (entries.length === 0) return;
  const rows = sql.join(
    entries.map((e) => sql`(${e.chapterId}::uuid, ${e.kind}, ${e.title}, ${e.body}, ${e.link})`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${notifications} (user_id, kind, title, body, link)
    select ${users.id}, e.kind, e.title, e.body, e.link
    from (values ${rows}) as e (chapter_id, kind, title, body, link)
    join ${users} on ${inArray(users.role, [...roles])} ${exceptUserId ? sql`and ${users.id} <> ${exceptUserId}` : sql``}
      and (${users.chapterId} = e.chapter_id or ${users.role} = 'AGENCY_ADMIN')`);
}
