import { type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { hasRole } from '../../domain/roles/roles';
import { chapterListScope, EVERY_CHAPTER } from './chapter-lock';

/**
 * Which chapters an actor may see (docs/decisions/0032): an agency administrator every chapter; anyone else
 * their own chapter only; no one (a visitor, or an account without a chapter) none. Every read and write of a
 * chapter-owned table goes through `inChapterScope`, so the rule lives in this one place (documenso's
 * `buildTeamWhereQuery` is the model). A row outside the scope is simply not found: 404, like any row you may not see.
 */
export type ChapterScope =
  | { readonly all: true }
  | { readonly all: false; readonly chapterIds: readonly string[] };

export interface ChapterActor {
  role: Parameters<typeof hasRole>[0];
  chapterId: string | null;
  actingChapterId?: string;
}

export function chapterScopeOf(actor: ChapterActor | undefined): ChapterScope {
  if (actor && hasRole(actor.role, 'AGENCY_ADMIN')) {
    // Acting in one chapter, the agency administrator sees that chapter as its own members do.
    return actor.actingChapterId ? { all: false, chapterIds: [actor.actingChapterId] } : { all: true };
  }
  return { all: false, chapterIds: actor?.chapterId ? [actor.chapterId] : [] };
}

/**
 * The chapters the database's row-level security lets a signed-in caller's requests see (the second lock):
 * what their role permits, whichever chapter an agency administrator is acting in.
 */
export function lockScopeOf(actor: ChapterActor): string {
  const scope = chapterScopeOf({ role: actor.role, chapterId: actor.chapterId });
  return scope.all ? EVERY_CHAPTER : chapterListScope(scope.chapterIds);
}

/** One chapter's scope: what a chapter-singular task (an import into the chapter) may touch. */
export const chapterOnly = (chapterId: string): ChapterScope => ({ all: false, chapterIds: [chapterId] });

/** The condition that keeps a query to the scope's chapters, on the table's own `chapter_id` column. */
export function inChapterScope(scope: ChapterScope, chapterColumn: Column): SQL {
  if (scope.all) return sql`true`;
  const [only, ...more] = scope.chapterIds;
  if (only === undefined) return sql`false`;
  return more.length === 0 ? eq(chapterColumn, only) : inArray(chapterColumn, [only, ...more]);
}

/**
 * A prepared query is built once per scope shape (every chapter, or one), each its own named statement: a
 * condition that switches on a parameter would leave PostgreSQL one generic plan that fits neither.
 */
export type ScopeShape = 'all' | 'one';
export const scopeShape = (scope: ChapterScope): ScopeShape => (scope.all ? 'all' : 'one');

/** `inChapterScope` for a prepared query of `shape`: execute it with `...chapterScopeValues(scope)`. */
export const inPreparedChapterScope = (shape: ScopeShape, chapterColumn: Column): SQL =>
  shape === 'all' ? sql`true` : sql`${chapterColumn} = ${sql.placeholder('chapterId')}::uuid`;

const NO_CHAPTER = '00000000-0000-0000-0000-000000000000';

export function chapterScopeValues(scope: ChapterScope): { chapterId?: string } {
  if (scope.all) return {};
  if (scope.chapterIds.length > 1) throw new Error('A prepared scope holds every chapter or one');
  return { chapterId: scope.chapterIds[0] ?? NO_CHAPTER };
}

/** `preparedQuery` once per database and scope shape; `build` names its statement with the shape. */
export function preparedPerScope<D extends object, T>(build: (db: D, shape: ScopeShape) => T) {
  const built = new WeakMap<D, Partial<Record<ScopeShape, T>>>();
  return (db: D, scope: ChapterScope): T => {
    const shape = scopeShape(scope);
    const byShape = built.get(db) ?? {};
    built.set(db, byShape);
    byShape[shape] ??= build(db, shape);
    return byShape[shape];
  };
}
