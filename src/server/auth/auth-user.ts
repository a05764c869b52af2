import { desc, eq } from 'drizzle-orm';
import type { AuthUser } from '../../domain/auth/contracts';
import type { Database } from '../db/client';
import { applications } from '../db/schema';
import type { SessionUser } from './session-store';

/** The signed-in user as the web sees it, with their newest application's status (one indexed lookup). */
export async function toAuthUser(db: Database, user: SessionUser): Promise<AuthUser> {
  const [latest] = await db
    .select({ status: applications.status })
    .from(applications)
    .where(eq(applications.userId, user.id))
    .orderBy(desc(applications.submittedAt))
    .limit(1);
  return { ...user, hasApplication: latest !== undefined, applicationStatus: latest?.status ?? null };
}
