import { desc, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../domain/auth/contracts';
import type { Database } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { applications } from '../db/schema';
import type { SessionUser } from './session-store';

const latestApplicationStatus = preparedQuery((db) =>
  db
    .select({ status: applications.status })
    .from(applications)
    .where(eq(applications.userId, sql.placeholder('userId')))
    .orderBy(desc(applications.submittedAt))
    .limit(1)
    .prepare('latest_application_status'),
);

/** The signed-in user as the web sees it, with their newest application's status (one indexed lookup). */
export async function toAuthUser(db: Database, user: SessionUser): Promise<AuthUser> {
  const [latest] = await latestApplicationStatus(db).execute({ userId: user.id });
  return { ...user, hasApplication: latest !== undefined, applicationStatus: latest?.status ?? null };
}
