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

/**
 * One notification for every user of `chapterId` holding one of `roles` (but `exceptUserId`, when given), and for every
 * agency administrator among `roles` (they see every chapter), in one statement.
 */
export async function notifyRoles(
  tx: Transaction,
  roles: readonly Role[],
  exceptUserId: string | null,
  chapterId: string,
  entry: Omit<NewNotification, 'userId'>,
): Promise<void> {
  await tx.execute(sql`
    insert into ${notifications} (user_id, kind, title, body, link)
    select ${users.id}, ${entry.kind}, ${entry.title}, ${entry.body}, ${entry.link}
    from ${users}
    where ${inArray(users.role, [...roles])} ${exceptUserId ? sql`and ${users.id} <> ${exceptUserId}` : sql``}
      and (${users.chapterId} = ${chapterId} or ${users.role} = 'AGENCY_ADMIN')`);
}
