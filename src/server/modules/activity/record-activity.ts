import { type ActivityKind, activityColor } from '../../../domain/activity/kinds';
import type { Database } from '../../db/client';
import { activity } from '../../db/schema';

type ActivityEntry = { userId: string; kind: ActivityKind; description: string };

/** One entry in a member's Recent Activity feed; pass the transaction when it is part of one. */
export async function recordActivity(db: Pick<Database, 'insert'>, entry: ActivityEntry): Promise<void> {
  await recordActivities(db, [entry]);
}

/** Several members' entries in one insert (a closed week tells every absentee at once). */
export async function recordActivities(
  db: Pick<Database, 'insert'>,
  entries: readonly ActivityEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(activity).values(entries.map((entry) => ({ ...entry, color: activityColor(entry.kind) })));
}
