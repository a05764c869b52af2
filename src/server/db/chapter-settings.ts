import { type Column, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type AttendancePolicy, NO_ATTENDANCE_POLICY } from '../../domain/attendance/stats';
import { CHAPTER_TIME_ZONE } from '../../domain/dates';
import { slugify } from '../../domain/members/slug';
import { chapterOnly, inChapterScope } from './chapter-scope';
import type { Database, Transaction } from './client';
import { chapters, networkSettings, users } from './schema';

/**
 * A chapter's setting, else the agency's default, else null (the caller's built-in default applies):
 * one expression, so a list reads every row's effective setting in the same query (docs/decisions/0032).
 */
function chapterOrAgency(
  chapterColumn: 'default_annual_dues' | 'default_commission_percent' | 'missed_meeting_limit' | 'time_zone',
) {
  // Aliases no caller's query uses: `chapterId` may name a column of the caller's own `chapters c`.
  return (chapterId: Column | SQL) =>
    sql`coalesce((select own_chapter.${sql.identifier(chapterColumn)} from ${chapters} own_chapter where own_chapter.id = ${chapterId}), (select agency.${sql.identifier(chapterColumn)} from ${networkSettings} agency where agency.id = 1))`;
}

/** A chapter's time zone: its own, else the agency's, else the built-in one (never null). */
export const effectiveTimeZone = (chapterId: Column | SQL) =>
  sql<string>`coalesce(${chapterOrAgency('time_zone')(chapterId)}, ${CHAPTER_TIME_ZONE})`;

export const effectiveDefaultDues = (chapterId: Column | SQL) =>
  chapterOrAgency('default_annual_dues')(chapterId).mapWith(String) as SQL<string | null>;
export const effectiveMissedMeetingLimit = (chapterId: Column | SQL) =>
  chapterOrAgency('missed_meeting_limit')(chapterId).mapWith(Number) as SQL<number | null>;

/**
 * One chapter's effective default as a value: with no chapter (an agency administrator of none) the chapter's
 * lookup finds nothing and the agency's answers.
 */
export async function readChapterDefault<T>(
  db: Database,
  chapterId: string | null,
  effective: (chapterId: SQL) => SQL<T | null>,
): Promise<T | null> {
  const [row] = await db.select({ value: effective(sql`${chapterId}::uuid`) }).from(sql`(select 1) as one`);
  return row?.value ?? null;
}

/**
 * The chapter a chapter-singular write lands in: the one an agency administrator acts in, else the actor's
 * own, else (an agency administrator of none) the first.
 */
export async function actingChapterId(
  db: Database | Transaction,
  actor: { chapterId: string | null; actingChapterId?: string },
): Promise<string> {
  if (actor.actingChapterId) return actor.actingChapterId;
  if (actor.chapterId) return actor.chapterId;
  const [first] = await db
    .select({ id: chapters.id })
    .from(chapters)
    .orderBy(chapters.createdAt, chapters.id)
    .limit(1);
  if (!first) throw new Error('The agency has no chapter');
  return first.id;
}

/**
 * Start-up names the chapter the migration made from today's network (migration 0025) after NETWORK_NAME,
 * once: a chapter named since keeps its name.
 */
export async function nameUnnamedChapter(db: Database, networkName: string): Promise<void> {
  const slug = slugify(networkName);
  await db
    .update(chapters)
    .set({
      name: networkName,
      slug: sql`coalesce(${chapters.slug}, ${slug || 'chapter'})`,
      updatedAt: sql`now()`,
    })
    .where(isNull(chapters.name));
}

export type ChapterDefault = 'defaultAnnualDues' | 'missedMeetingLimit';
export type DefaultValue<K extends ChapterDefault> = (typeof chapters.$inferSelect)[K];

/**
 * Writes one default in `tx`: the chapter's own, or, for an agency administrator of no chapter (null), the
 * agency's. Answers the value it replaced (the row locked first), for the audit entry.
 */
export async function setChapterDefault<K extends ChapterDefault>(
  tx: Transaction,
  chapterId: string | null,
  key: K,
  value: DefaultValue<K>,
): Promise<DefaultValue<K> | null> {
  if (chapterId) {
    const inChapter = inChapterScope(chapterOnly(chapterId), chapters.id);
    const [chapter] = await tx.select().from(chapters).where(inChapter).for('update');
    await tx
      .update(chapters)
      .set({ [key]: value, updatedAt: sql`now()` })
      .where(inChapter);
    return chapter?.[key] ?? null;
  }
  const [agency] = await tx.select().from(networkSettings).for('update');
  await tx
    .insert(networkSettings)
    .values({ id: 1, [key]: value })
    .onConflictDoUpdate({ target: networkSettings.id, set: { [key]: value, updatedAt: sql`now()` } });
  return (agency?.[key] as DefaultValue<K> | undefined) ?? null;
}

/** The attendance policy of a member's chapter: lates per absence, substitutes allowed. */
export async function attendancePolicyOfMember(
  db: Pick<Database, 'select'>,
  memberId: string,
): Promise<AttendancePolicy> {
  const [row] = await db
    .select({ latesPerAbsence: chapters.latesPerAbsence, substituteLimit: chapters.substituteLimit })
    .from(users)
    .innerJoin(chapters, eq(chapters.id, users.chapterId))
    .where(eq(users.id, memberId));
  return row ?? NO_ATTENDANCE_POLICY;
}
