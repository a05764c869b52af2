import type { Database } from '../../db/client';
import { activity } from '../../db/schema';

export type ActivityColor = 'green' | 'blue' | 'other';

/** One entry in a member's Recent Activity feed; pass the transaction when it is part of one. */
export async function recordActivity(
  db: Pick<Database, 'insert'>,
  entry: { userId: string; kind: string; description: string; color: ActivityColor },
): Promise<void> {
  await db.insert(activity).values(entry);
}
