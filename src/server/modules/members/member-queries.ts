import { and, asc, count, eq, max, ne, sql } from 'drizzle-orm';
import type { PublicMember } from '../../../domain/members/contracts';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { publicMemberColumns, toPublicMember } from './public-member';

const notGuest = ne(users.role, 'GUEST');
const byName = [
  asc(sql`lower(coalesce(${users.firstName}, ''))`),
  asc(sql`lower(coalesce(${users.lastName}, ''))`),
  asc(users.id),
];

/** The public directory: every non-guest member, ordered by name, in one query. */
export async function listPublicMembers(db: Database): Promise<PublicMember[]> {
  const rows = await db
    .select(publicMemberColumns)
    .from(users)
    .where(notGuest)
    .orderBy(...byName);
  return rows.map(toPublicMember);
}

export async function findPublicMemberBySlug(db: Database, slug: string): Promise<PublicMember | undefined> {
  const [row] = await db
    .select(publicMemberColumns)
    .from(users)
    .where(and(eq(users.slug, slug.toLowerCase()), notGuest))
    .limit(1);
  return row ? toPublicMember(row) : undefined;
}

export async function listMemberChoices(db: Database) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      businessName: users.businessName,
      industry: users.industry,
    })
    .from(users)
    .where(notGuest)
    .orderBy(...byName);
}

/**
 * A cheap fingerprint of the directory: how many members there are and when one last changed.
 * Any insert, update (updatedAt is set on every update), promotion, demotion or deletion moves it.
 */
export async function directoryVersion(db: Database): Promise<string> {
  const [row] = await db
    .select({ n: count(), changed: max(users.updatedAt) })
    .from(users)
    .where(notGuest);
  return `${row?.n ?? 0}:${row?.changed?.toISOString() ?? ''}`;
}
