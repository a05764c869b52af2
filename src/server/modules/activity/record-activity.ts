import { type ActivityKind, activityColor } from '../../../domain/activity/kinds';
import type { Database } from '../../db/client';
import { activity } from '../../db/schema';

/** One entry in a member's Recent Activity feed; pass the transaction when it is part of one. */
export async function recordActivity(
  db: Pick<Database, 'insert'>,
  entry: { userId: string; kind: ActivityKind; description: string },
): Promise<void> {
  await db.insert(activity).values({ ...entry, color: activityColor(entry.kind) });
}
