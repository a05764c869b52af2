import { and, asc, count, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  type DirectoryPage,
  type DirectoryQuery,
  MEMBER_CHOICE_LIMIT,
  type MemberChoiceQuery,
  type PublicMember,
} from '../../../domain/members/contracts';
import { searchStems } from '../../../domain/members/search-stems';
import type { Database } from '../../db/client';
import { directoryVersion as directoryVersionTable, users } from '../../db/schema';
import { publicMemberColumns, toPublicMember } from './public-member';

const notGuest = ne(users.role, 'GUEST');
// Matches users_directory_order_idx, so a page is read in index order.
const byName = [
  asc(sql`lower(coalesce(${users.firstName}, ''))`),
  asc(sql`lower(coalesce(${users.lastName}, ''))`),
  asc(users.id),
];

/** The text users_directory_search_trgm_idx covers; written exactly as the index is, so it is used. */
const searchDocument = sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || coalesce(${users.businessName}, '') || ' ' || coalesce(${users.description}, '') || ' ' || (case when ${users.personalBioVisible} then coalesce(${users.personalBio}, '') else '' end))`;

/** `%needle%` for LIKE, with LIKE's own wildcards in the needle taken literally. */
const containing = (needle: string) => `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Spec section 5's directory rules, in SQL: the search is a case-insensitive substring of the full name,
 * business name, description or (visible) bio; the industry filter a case-insensitive substring of the
 * industry. The trigram index narrows the rows first; the per-field test keeps the rule exact.
 */
function directoryFilter(query: Pick<DirectoryQuery, 'q' | 'industry'>): SQL | undefined {
  const needle = query.q.trim().toLowerCase();
  const industry = query.industry.trim().toLowerCase();
  const conditions: (SQL | undefined)[] = [notGuest];
  if (needle) {
    const pattern = containing(needle);
    conditions.push(
      sql`${searchDocument} like ${pattern}`,
      or(
        sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) like ${pattern}`,
        sql`lower(${users.businessName}) like ${pattern}`,
        sql`lower(${users.description}) like ${pattern}`,
        and(eq(users.personalBioVisible, true), sql`lower(${users.personalBio}) like ${pattern}`),
      ),
    );
  }
  if (industry) conditions.push(sql`lower(coalesce(${users.industry}, '')) like ${containing(industry)}`);
  return and(...conditions);
}

/** One page of the directory and how many members match, in two queries whatever the size. */
export async function listPublicMembersPage(db: Database, query: DirectoryQuery): Promise<DirectoryPage> {
  const where = directoryFilter(query);
  const [rows, [total]] = await Promise.all([
    db
      .select(publicMemberColumns)
      .from(users)
      .where(where)
      .orderBy(...byName)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    items: rows.map(toPublicMember),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

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

/** The text users_choice_search_trgm_idx covers; written exactly as the index is, so it is used. */
const choiceDocument = sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || coalesce(${users.businessName}, '') || ' ' || coalesce(${users.position}, '') || ' ' || coalesce(${users.industry}, ''))`;

/**
 * The referral picker's choices: every non-guest by name, or, with a search, those whose name, business,
 * position or industry holds every typed word's stem at the start of a word ("dentist" finds "Dental",
 * "lawyer" finds "Business Law"), at most MEMBER_CHOICE_LIMIT of them.
 */
export async function listMemberChoices(db: Database, query: MemberChoiceQuery = { q: '' }) {
  const select = db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      businessName: users.businessName,
      industry: users.industry,
      idealReferral: users.idealReferral,
    })
    .from(users);
  if (!query.q.trim()) return select.where(notGuest).orderBy(...byName);
  const stems = searchStems(query.q);
  if (stems.length === 0) return [];
  // Stems are letters and digits only; `\m` is PostgreSQL's start of a word.
  const words = stems.map((stem) => sql`${choiceDocument} ~ ${`\\m${stem}`}`);
  return select
    .where(and(notGuest, ...words))
    .orderBy(...byName)
    .limit(MEMBER_CHOICE_LIMIT);
}

/**
 * The directory's version: bumped by a trigger on `users` in the same transaction as any public change
 * (migration 0005), read by primary key, so a 304 or a cached answer costs one tiny query.
 */
export async function directoryVersion(db: Database): Promise<string> {
  const [row] = await db
    .select({ version: directoryVersionTable.version })
    .from(directoryVersionTable)
    .where(eq(directoryVersionTable.id, 1));
  return String(row?.version ?? 0);
}
