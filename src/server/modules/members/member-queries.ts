import { and, asc, eq, ne, sql } from 'drizzle-orm';
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
