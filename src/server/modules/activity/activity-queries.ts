import { desc, eq } from 'drizzle-orm';
import { ACTIVITY_COLORS, type ActivityColor } from '../../../domain/activity/kinds';
import { timeAgo } from '../../../domain/activity/time-ago';
import type { Database } from '../../db/client';
import { activity } from '../../db/schema';

export const RECENT_ACTIVITY_LIMIT = 20;

/** My newest activity entries (each item: id, description, timeAgo, color), one indexed query. */
export async function recentActivity(db: Database, userId: string, now = new Date()) {
  const rows = await db
    .select({
      id: activity.id,
      description: activity.description,
      color: activity.color,
      createdAt: activity.createdAt,
    })
    .from(activity)
    .where(eq(activity.userId, userId))
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(RECENT_ACTIVITY_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    description: row.description,
    timeAgo: timeAgo(row.createdAt, now),
    color: (ACTIVITY_COLORS as readonly string[]).includes(row.color)
      ? (row.color as ActivityColor)
      : 'other',
  }));
}
