import { and, eq, sql } from 'drizzle-orm';
import {
  type EmailPreferenceInput,
  type EmailPreferences,
  NOTIFICATION_MESSAGES,
} from '../../../domain/notifications/contracts';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  notificationKindsFor,
} from '../../../domain/notifications/kinds';
import type { Role } from '../../../domain/roles/roles';
import type { Database } from '../../db/client';
import { notificationEmailOptOuts, users } from '../../db/schema';
import { forbidden } from '../../lib/http-error';

/** The kinds that apply to me, each with whether its email is on (no opt-out row means on). */
export async function readEmailPreferences(
  db: Database,
  user: { id: string; role: Role },
): Promise<EmailPreferences> {
  const rows = await db
    .select({ kind: notificationEmailOptOuts.kind })
    .from(notificationEmailOptOuts)
    .where(eq(notificationEmailOptOuts.userId, user.id));
  const off = new Set(rows.map((r) => r.kind));
  return {
    items: notificationKindsFor(user.role).map((kind) => ({
      kind,
      label: NOTIFICATION_KINDS[kind].label,
      email: !off.has(kind),
    })),
  };
}

/** Switches one kind's email on or off; idempotent, so a double click or a retried request is harmless. */
export async function setEmailPreference(
  db: Pick<Database, 'execute' | 'delete'>,
  userId: string,
  input: { kind: NotificationKind; email: boolean },
): Promise<void> {
  if (input.email) {
    await db
      .delete(notificationEmailOptOuts)
      .where(and(eq(notificationEmailOptOuts.userId, userId), eq(notificationEmailOptOuts.kind, input.kind)));
  } else {
    // Written only while the member exists: an old unsubscribe link of a deleted member changes nothing.
    await db.execute(sql`
      insert into ${notificationEmailOptOuts} (user_id, kind)
      select ${users.id}, ${input.kind} from ${users} where ${users.id} = ${userId}
      on conflict do nothing`);
  }
}

/** Account Settings' switch: only kinds that apply to the member's role. */
export async function updateEmailPreference(
  db: Database,
  user: { id: string; role: Role },
  input: EmailPreferenceInput,
): Promise<EmailPreferences> {
  if (!NOTIFICATION_KINDS[input.kind].for(user.role)) throw forbidden(NOTIFICATION_MESSAGES.kindNotForYou);
  await setEmailPreference(db, user.id, input);
  return readEmailPreferences(db, user);
}
