import { and, count, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type {
  DirectoryPage,
  DirectoryQuery,
  MemberChoice,
  MemberChoicePage,
  MemberChoiceQuery,
  PublicMember,
} from '../../../domain/members/contracts';
import { searchStems } from '../../../domain/members/search-stems';
import type { Database } from '../../db/client';
import { afterName, byName, nameSortKey } from '../../db/name-sql';
import { preparedQuery } from '../../db/prepared';
import { chapters, directoryVersion as directoryVersionTable, users } from '../../db/schema';
import { anyText, decodeKeyCursor, encodeKeyCursor } from '../../http/keyset-cursor';
import { isUuid } from '../../http/route-params';
import {
  type ChapterScope,
  chapterScopeValues,
  inChapterScope,
  inPreparedChapterScope,
  preparedPerScope,
} from '../chapters/chapter-scope';
import { publicMemberSelection, toPublicMember } from './public-member';

const notGuest = ne(users.role, 'GUEST');

/** The text users_directory_search_trgm_idx covers; written exactly as the index is, so it is used. */
const searchDocument = sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || coalesce(${users.businessName}, '') || ' ' || coalesce(${users.description}, '') || ' ' || (case when ${users.personalBioVisible} then coalesce(${users.personalBio}, '') else '' end))`;

/** `%needle%` for LIKE, with LIKE's own wildcards in the needle taken literally. */
const containing = (needle: string) => `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What a directory query filters on; each present value is a literal or a prepared statement's placeholder. */
interface DirectoryFilterValues {
  chapter?: unknown;
  /** The search as a LIKE pattern (`containing`), already lower-cased. */
  pattern?: unknown;
  /** The industry as a LIKE pattern, already lower-cased. */
  industry?: unknown;
}

/**
 * Spec section 5's directory rules, in SQL: the search is a case-insensitive substring of the full name,
 * business name, description or (visible) bio; the industry filter a case-insensitive substring of the
 * industry. The trigram index narrows the rows first; the per-field test keeps the rule exact.
 */
function directoryFilter({ chapter, pattern, industry }: DirectoryFilterValues): SQL | undefined {
  const conditions: (SQL | undefined)[] = [notGuest];
  // One chapter's members (issue 44.4); an unknown slug matches no one.
  if (chapter !== undefined) {
    conditions.push(
      sql`${users.chapterId} = (select ${chapters.id} from ${chapters} where ${chapters.slug} = ${chapter})`,
    );
  }
  if (pattern !== undefined) {
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
  if (industry !== undefined) conditions.push(sql`lower(coalesce(${users.industry}, '')) like ${industry}`);
  return and(...conditions);
}

/** A query's filter values, or undefined for each filter it does not use. */
function filterValues(query: Pick<DirectoryQuery, 'q' | 'industry' | 'chapter'>) {
  const needle = query.q.trim().toLowerCase();
  const industry = query.industry.trim().toLowerCase();
  return {
    chapter: query.chapter || undefined,
    pattern: needle ? containing(needle) : undefined,
    industry: industry ? containing(industry) : undefined,
  };
}

/**
 * The directory page as a prepared statement per combination of filters used (eight at most): a search
 * that no cache has seen was planned twice per request before, and planning its long condition cost
 * three times running it (issue 49.2).
 */
const directoryPages = new WeakMap<Database, Map<string, ReturnType<typeof prepareDirectoryPage>>>();
function prepareDirectoryPage(db: Database, used: Record<keyof DirectoryFilterValues, boolean>) {
  const name = `directory_page_${Object.entries(used)
    .filter(([, on]) => on)
    .map(([key]) => key)
    .join('_')}`;
  const placeholder = (key: keyof DirectoryFilterValues) => (used[key] ? sql.placeholder(key) : undefined);
  return db
    .select({ ...publicMemberSelection, matching: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(
      directoryFilter({
        chapter: placeholder('chapter'),
        pattern: placeholder('pattern'),
        industry: placeholder('industry'),
      }),
    )
    .orderBy(...byName)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}
function directoryPage(db: Database, values: DirectoryFilterValues) {
  const used = {
    chapter: values.chapter !== undefined,
    pattern: values.pattern !== undefined,
    industry: values.industry !== undefined,
  };
  const key = JSON.stringify(used);
  const byShape = directoryPages.get(db) ?? new Map();
  directoryPages.set(db, byShape);
  let prepared = byShape.get(key);
  if (!prepared) {
    prepared = prepareDirectoryPage(db, used);
    byShape.set(key, prepared);
  }
  return prepared;
}

/**
 * One page of the directory and how many members match, in one query: the count rides on each row
 * (planning the search twice cost more than running it, issue 49.2). Only a page past the end, which has
 * no row to carry it, asks for the count apart.
 */
export async function listPublicMembersPage(db: Database, query: DirectoryQuery): Promise<DirectoryPage> {
  const values = filterValues(query);
  const rows = await directoryPage(db, values).execute({
    ...values,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const total =
    rows[0]?.matching ??
    (query.page > 1
      ? ((await db.select({ n: count() }).from(users).where(directoryFilter(values)))[0]?.n ?? 0)
      : 0);
  return {
    items: rows.map(toPublicMember),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The public directory: every non-guest member, ordered by name, in one query. */
export async function listPublicMembers(db: Database): Promise<PublicMember[]> {
  const rows = await db
    .select(publicMemberSelection)
    .from(users)
    .where(notGuest)
    .orderBy(...byName);
  return rows.map(toPublicMember);
}

// Prepared: every profile page a cache has not seen runs this, and building and planning it cost more
// than running it (issue 49.2).
const memberBySlug = preparedQuery((db: Database) =>
  db
    .select(publicMemberSelection)
    .from(users)
    .where(and(eq(users.slug, sql.placeholder('slug')), notGuest))
    .limit(1)
    .prepare('public_member_by_slug'),
);

export async function findPublicMemberBySlug(db: Database, slug: string): Promise<PublicMember | undefined> {
  const [row] = await memberBySlug(db).execute({ slug: slug.toLowerCase() });
  return row ? toPublicMember(row) : undefined;
}

/** The text users_choice_search_trgm_idx covers; written exactly as the index is, so it is used. */
const choiceDocument = sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || coalesce(${users.businessName}, '') || ' ' || coalesce(${users.position}, '') || ' ' || coalesce(${users.industry}, ''))`;

/**
 * A choice's columns for a viewer in `viewerChapter`: the member's chapter is named only when it is not the
 * viewer's own (referrals cross chapters; the picker says who is elsewhere, issue 44.5).
 */
const choiceColumns = (viewerChapter: SQL) => ({
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  businessName: users.businessName,
  industry: users.industry,
  idealReferral: users.idealReferral,
  chapterName: sql<
    string | null
  >`(select ${chapters.name} from ${chapters} where ${chapters.id} = ${users.chapterId} and ${users.chapterId} is distinct from ${viewerChapter})`,
});

const choiceWithKey = (viewerChapter: SQL) => ({
  ...choiceColumns(viewerChapter),
  sortFirst: nameSortKey.first,
  sortLast: nameSortKey.last,
});

/** The viewer's chapter as a value (null: an agency administrator of none, to whom every chapter is named). */
const viewerChapterValue = (chapterId: string | null) => sql`${chapterId}::uuid`;

/** The picker's first page before anything is typed, the most asked for: prepared once. */
const firstChoices = preparedPerScope((db: Database, shape) =>
  db
    .select(choiceWithKey(sql`${sql.placeholder('viewerChapter')}::uuid`))
    .from(users)
    .where(and(notGuest, inPreparedChapterScope(shape, users.chapterId)))
    .orderBy(...byName)
    .limit(sql.placeholder('limit'))
    .prepare(`member_choices_first_page_${shape}`),
);

/** A search's words as conditions: each stem at the start of a word (`\m`); stems are letters and digits. */
function choiceSearch(q: string): SQL[] | undefined {
  const stems = searchStems(q);
  return stems.length === 0 ? undefined : stems.map((stem) => sql`${choiceDocument} ~ ${`\\m${stem}`}`);
}

/**
 * The member picker's choices, a page at a time, A to Z: every current member, or, with a search, those
 * whose name, business, position or industry holds every typed word's stem at the start of a word
 * ("dentist" finds "Dental", "lawyer" finds "Business Law"). Keyset on the name order, one query.
 */
export async function listMemberChoices(
  db: Database,
  query: MemberChoiceQuery,
  scope: ChapterScope,
  viewerChapterId: string | null,
): Promise<MemberChoicePage> {
  const words = query.q.trim() ? choiceSearch(query.q) : [];
  if (!words) return { items: [], nextCursor: null };
  const after = decodeKeyCursor(query.cursor, [anyText, anyText, isUuid]);
  const rows =
    words.length === 0 && !after
      ? await firstChoices(db, scope).execute({
          ...chapterScopeValues(scope),
          limit: query.limit + 1,
          viewerChapter: viewerChapterId,
        })
      : await db
          .select(choiceWithKey(viewerChapterValue(viewerChapterId)))
          .from(users)
          .where(
            and(
              notGuest,
              inChapterScope(scope, users.chapterId),
              ...words,
              after && afterName({ first: after[0]!, last: after[1]!, id: after[2]! }),
            ),
          )
          .orderBy(...byName)
          .limit(query.limit + 1);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map(({ sortFirst: _f, sortLast: _l, ...choice }) => choice),
    nextCursor:
      rows.length > query.limit && last ? encodeKeyCursor([last.sortFirst, last.sortLast, last.id]) : null,
  };
}

/** One current member as a choice (the picker's chosen member, wherever the list has scrolled). */
export async function findMemberChoice(
  db: Database,
  id: string,
  viewerChapterId: string | null,
): Promise<MemberChoice | undefined> {
  const [row] = await db
    .select(choiceColumns(viewerChapterValue(viewerChapterId)))
    .from(users)
    .where(and(eq(users.id, id), notGuest));
  return row;
}

/**
 * The directory's version: bumped by a trigger on `users` in the same transaction as any public change
 * (migration 0005), read by primary key, so a 304 or a cached answer costs one tiny query.
 */
// Read before every public directory answer, cached or not: prepared once per database.
const versionQuery = preparedQuery((db: Database) =>
  db
    .select({ version: directoryVersionTable.version })
    .from(directoryVersionTable)
    .where(eq(directoryVersionTable.id, 1))
    .prepare('directory_version'),
);

export async function directoryVersion(db: Database): Promise<string> {
  const [row] = await versionQuery(db).execute();
  return String(row?.version ?? 0);
}
