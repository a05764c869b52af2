import { and, asc, eq, sql } from 'drizzle-orm';
import type { Industry } from '../../../domain/admin/contracts';
import type { PublicIndustry } from '../../../domain/members/contracts';
import { type ChapterScope, chapterOnly, inChapterScope } from '../../db/chapter-scope';
import type { Database } from '../../db/client';
import { chapters, industries } from '../../db/schema';
import { seatHolderId } from '../../db/seat-holder';

/**
 * A chapter's industries, A to Z regardless of case: the chapter named by its slug, else the agency's first
 * (an application joins it). Undefined for a slug no chapter has.
 */
export async function listIndustries(
  db: Database,
  chapterSlug?: string,
): Promise<PublicIndustry[] | undefined> {
  const [chapter] = await db
    .select({ id: chapters.id })
    .from(chapters)
    .where(chapterSlug === undefined ? undefined : eq(chapters.slug, chapterSlug))
    .orderBy(chapters.createdAt, chapters.id)
    .limit(1);
  if (!chapter) return undefined;
  return db
    .select({ id: industries.id, name: industries.name })
    .from(industries)
    .where(inChapterScope(chapterOnly(chapter.id), industries.chapterId))
    .orderBy(asc(sql`lower(${industries.name})`));
}

/**
 * The admins' list: each industry with its members counted and its seat holder (the first non-guest by
 * join date), in one query.
 */
export async function listIndustriesForAdmin(
  db: Database,
  scope: ChapterScope,
  id?: string,
): Promise<Industry[]> {
  const inIndustry = sql`u.chapter_id = ${industries.chapterId} and lower(u.industry) = lower(${industries.name}) and u.role <> 'GUEST'`;
  const rows = await db
    .select({
      id: industries.id,
      name: industries.name,
      description: industries.description,
      createdAt: industries.createdAt,
      updatedAt: industries.updatedAt,
      memberCount: sql<number>`(select count(*)::int from users u where ${inIndustry})`,
      seatHolder: sql<
        string | null
      >`(select nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
        from users u where u.id = ${seatHolderId(industries.name, industries.chapterId)})`,
    })
    .from(industries)
    .where(and(inChapterScope(scope, industries.chapterId), id ? eq(industries.id, id) : undefined))
    .orderBy(asc(sql`lower(${industries.name})`));
  return rows.map((r) => ({
    ...r,
    memberCount: Number(r.memberCount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function findIndustryRow(db: Pick<Database, 'select'>, id: string, scope: ChapterScope) {
  const [row] = await db
    .select()
    .from(industries)
    .where(and(eq(industries.id, id), inChapterScope(scope, industries.chapterId)))
    .for('update');
  return row;
}
