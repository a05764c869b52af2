import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../domain/auth/contracts';
import type { Database } from '../db/client';
import { applications } from '../db/schema';
import type { SessionUser } from './session-store';

/** The signed-in user as the web sees it, with whether they ever applied (one indexed lookup). */
export async function toAuthUser(db: Database, user: SessionUser): Promise<AuthUser> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.userId, user.id))
    .limit(1);
  return { ...user, hasApplication: rows.length > 0 };
}
