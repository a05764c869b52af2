import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type {
  MemberChoice,
  MemberChoicePage,
  MemberChoiceQuery,
  PublicMember,
} from '../../../domain/members/contracts';
import { searchStems } from '../../../domain/members/search-stems';
import {
  type ChapterScope,
  chapterScopeValues,
  inChapterScope,
  inPreparedChapterScope,
  preparedPerScope,
} from '../../db/chapter-scope';
import type { Database } from '../../db/client';
import { afterName, byName, nameSortKey } from '../../db/name-sql';
import { preparedQuery } from '../../db/prepared';
import { chapters, directoryVersion as directoryVersionTable, users } from '../../db/schema';
import { anyText, decodeKeyCursor, encodeKeyCursor } from '../../http/keyset-cursor';
import { isUuid } from '../../lib/uuid';
import { publicMemberSelection, toPublicMember } from './public-member';

const notGuest = ne(users.role, 'GUEST');

/** The public directory: every non-guest member, A to Z, in one query (read once per directory version). */
export async function listPublicMembers(db: Database): Promise<PublicMember[]> {
  const rows = await db
    .select(publicMemberSelection)
    .from(users)
    .where(notGuest)
    .orderBy(...byName);
  return rows.map(toPublicMember);
}

/** The text users_choice_search_trgm_idx covers; written exactly as the index is, so it is used. */
const choiceDocument = sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || coalesce(${users.businessName}, '') || ' ' || coalesce(${users.position}, '') || ' ' || coalesce(${users.industry}, ''))`;

/**
 * A choice's columns for a viewer in `viewerChapter`: the member's chapter is named only when it is not the
 * viewer's own (referrals cross chapters; the picker says who is elsewhere).
 */
const choiceColumns = (viewerChapter: SQL) => ({
  // As SQL, not columns: Drizzle refuses a column of a table the query does not name, and the picker's list names
  // the view (`choiceRows`).
  id: sql<string>`${users.id}`,
  firstName: sql<string | null>`${users.firstName}`,
  lastName: sql<string | null>`${users.lastName}`,
  businessName: sql<string | null>`${users.businessName}`,
  industry: sql<string | null>`${users.industry}`,
  idealReferral: sql<string | null>`${users.idealReferral}`,
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

/**
 * The picker reads `member_choices` (migration 0031): current members' public columns, a view owned by the
 * tables' owner, so row-level security does not apply to it. Under the policies PostgreSQL may not use a
 * non-leakproof operator (the search's `~`) on an index, and a search at 10,000 members took 17 ms instead of
 * 0.5 ms (docs/decisions/0039). Named `users` in the query, so the shared name expressions read its columns.
 */
const choiceRows = sql`${sql.identifier('member_choices')} as ${sql.identifier('users')}`;

/** The picker's first page before anything is typed, the most asked for: prepared once. */
const firstChoices = preparedPerScope((db: Database, shape) =>
  db
    .select(choiceWithKey(sql`${sql.placeholder('viewerChapter')}::uuid`))
    .from(choiceRows)
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
          .from(choiceRows)
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
