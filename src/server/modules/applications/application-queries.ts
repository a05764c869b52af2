import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { ApplicationFull, ApplicationSummary } from '../../../domain/applications/contracts';
import type { Database } from '../../db/client';
import { applications } from '../../db/schema';

type ApplicationRow = typeof applications.$inferSelect;

/**
 * The member (not the applicant) who already holds the application's industry seat, by display name.
 * Written with explicit table names: Drizzle leaves columns unqualified in single-table queries,
 * which would make the correlated subquery compare users with themselves.
 */
const seatHolder = sql<string | null>`(
  select trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))
  from users u
  where lower(u.industry) = lower("applications"."industry")
    and u.role <> 'GUEST' and u.id <> "applications"."user_id"
  order by u.created_at limit 1)`;

export function toFull(row: ApplicationRow, holder?: string | null): ApplicationFull {
  return {
    view: 'full',
    id: row.id,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    businessEmail: row.businessEmail,
    phone: row.phone,
    companyName: row.companyName,
    position: row.position,
    industry: row.industry,
    businessDescription: row.businessDescription,
    motivation: row.motivation,
    referralSource: row.referralSource,
    experienceLevel: row.experienceLevel,
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewNotes: row.reviewNotes,
    ...(holder !== undefined ? { seatHolder: holder || null } : {}),
  };
}

export function toSummary(row: ApplicationRow): ApplicationSummary {
  return {
    view: 'summary',
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewNotes: row.reviewNotes,
  };
}

export async function listMyApplications(db: Database, userId: string): Promise<ApplicationFull[]> {
  const rows = await db
    .select()
    .from(applications)
    .where(eq(applications.userId, userId))
    .orderBy(desc(applications.submittedAt));
  return rows.map((r) => toFull(r));
}

/** Reviewers' list: applications awaiting a decision first, then newest submitted; one query. */
export async function listAllApplications(db: Database): Promise<ApplicationFull[]> {
  const awaiting: SQL = sql`case when ${applications.status} in ('pending', 'under_review') then 0 else 1 end`;
  const rows = await db
    .select({ application: applications, holder: seatHolder })
    .from(applications)
    .orderBy(awaiting, desc(applications.submittedAt));
  return rows.map((r) => toFull(r.application, r.holder));
}

export async function findApplication(db: Database, id: string) {
  const [row] = await db
    .select({ application: applications, holder: seatHolder })
    .from(applications)
    .where(eq(applications.id, id))
    .limit(1);
  return row;
}

export async function hasOpenApplication(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.userId, userId), sql`${applications.status} in ('pending', 'under_review')`))
    .limit(1);
  return rows.length > 0;
}
