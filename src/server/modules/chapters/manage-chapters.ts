import { and, eq, ne, sql } from 'drizzle-orm';
import type { ChapterChange, ChapterList } from '../../../domain/chapters/contracts';
import { CHAPTER_MEMBERS_MAX, CHAPTER_MESSAGES } from '../../../domain/chapters/contracts';
import type { TimeFormat } from '../../../domain/chapters/time-format';
import { CHAPTER_TIME_ZONE } from '../../../domain/dates';
import { slugify, uniqueSlug } from '../../../domain/members/slug';
import { centsToDecimal } from '../../../domain/money';
import { DEFAULT_ANNUAL_DUES, DEFAULT_MISSED_MEETING_LIMIT } from '../../../domain/network/constants';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { type Database, selectRows } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { byName, nameSortKey, userFullName } from '../../db/name-sql';
import { chapters, networkSettings, users } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { recordAudit } from '../audit/record-audit';
import { chapterSchedule, chapterToday } from '../meetings/meeting-settings';
import { followScheduleChange } from '../meetings/schedule-meetings';
import { recordRoleChange } from '../users/role-change';
import { chapterMemberCount } from './chapter-counts';

interface ChapterRow {
  id: string;
  name: string | null;
  slug: string | null;
  time_zone: string | null;
  meeting_weekday: number | null;
  meeting_time: string | null;
  meeting_place: string | null;
  default_annual_dues: string | null;
  default_commission_percent: string | null;
  missed_meeting_limit: number | null;
  meeting_url: string | null;
  on_time_minutes: number | null;
  lates_per_absence: number | null;
  substitute_limit: number | null;
  visit_limit: number | null;
  time_format: TimeFormat | null;
  member_count: number;
  admins: { id: string; name: string; email: string }[];
}

/** Every chapter with its own settings, members (guests aside) and network administrators: one query. */
export async function listChapters(db: Database): Promise<ChapterList> {
  const rows = await selectRows<ChapterRow>(
    db,
    sql`select c.id, c.name, c.slug, c.time_zone, c.meeting_weekday, c.meeting_time, c.meeting_place,
          c.default_annual_dues::text, c.default_commission_percent::text, c.missed_meeting_limit,
          c.meeting_url, c.on_time_minutes, c.lates_per_absence, c.substitute_limit, c.visit_limit, c.time_format,
          ${chapterMemberCount(sql`c.id`)} as member_count,
          coalesce((select json_agg(json_build_object(
              'id', ${users.id}, 'name', coalesce(${userFullName}, ${users.email}), 'email', ${users.email})
              order by ${nameSortKey.first}, ${users.id})
            from ${users} where ${users.chapterId} = c.id and ${users.role} = 'NETWORK_ADMIN'), '[]'::json) as admins
        from ${chapters} c order by c.created_at, c.id`,
  );
  const [agency] = await db.select().from(networkSettings).where(eq(networkSettings.id, 1));
  return {
    chapters: rows.map((r) => ({
      id: r.id,
      name: r.name ?? '',
      slug: r.slug ?? '',
      timeZone: r.time_zone,
      meetingWeekday: r.meeting_weekday,
      meetingTime: r.meeting_time,
      meetingPlace: r.meeting_place,
      defaultAnnualDues: r.default_annual_dues,
      defaultCommissionPercent: r.default_commission_percent,
      missedMeetingLimit: r.missed_meeting_limit,
      meetingUrl: r.meeting_url,
      onTimeMinutes: r.on_time_minutes,
      latesPerAbsence: r.lates_per_absence,
      substituteLimit: r.substitute_limit,
      visitLimit: r.visit_limit,
      timeFormat: r.time_format,
      memberCount: r.member_count,
      admins: r.admins,
    })),
    agencyDefaults: {
      timeZone: agency?.timeZone ?? CHAPTER_TIME_ZONE,
      defaultAnnualDues: agency?.defaultAnnualDues ?? centsToDecimal(DEFAULT_ANNUAL_DUES * 100),
      defaultCommissionPercent: agency?.defaultCommissionPercent ?? null,
      missedMeetingLimit: agency?.missedMeetingLimit ?? DEFAULT_MISSED_MEETING_LIMIT,
    },
  };
}

async function assertNameFree(db: Pick<Database, 'select'>, name: string, exceptId?: string) {
  const [same] = await db
    .select({ id: chapters.id })
    .from(chapters)
    .where(
      and(
        sql`lower(${chapters.name}) = lower(${name})`,
        exceptId ? sql`${chapters.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (same) throw conflict(CHAPTER_MESSAGES.nameTaken(name));
}

/** A new chapter: named, its slug made from the name (the first free one), every other setting its own or the agency's. */
export async function createChapter(db: Database, actor: Actor, input: ChapterChange & { name: string }) {
  try {
    return await db.transaction(async (tx) => {
      await confirmActorRole(tx, actor, 'AGENCY_ADMIN');
      // One chapter created at a time: two with the same name would both pass the check otherwise.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('chapters.create'))`);
      await assertNameFree(tx, input.name);
      const base = slugify(input.name) || 'chapter';
      const taken = await tx
        .select({ slug: chapters.slug })
        .from(chapters)
        .where(sql`${chapters.slug} = ${base} or ${chapters.slug} like ${`${base}-%`}`);
      const slug = uniqueSlug(base, new Set(taken.map((t) => t.slug ?? '')));
      const [created] = await tx
        .insert(chapters)
        .values({ ...input, slug })
        .returning({ id: chapters.id });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'chapter.created',
        subject: input.name,
        chapterId: created!.id,
        after: { name: input.name },
      });
      return created!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'chapters_slug_key')) throw conflict(CHAPTER_MESSAGES.nameTaken(input.name));
    throw err;
  }
}

/** Renames a chapter or changes its settings; null puts a setting back on the agency's default. Its slug stays (links keep working). */
export async function updateChapter(db: Database, actor: Actor, id: string, change: ChapterChange) {
  await db.transaction(async (tx) => {
    await confirmActorRole(tx, actor, 'AGENCY_ADMIN');
    const [current] = await tx.select().from(chapters).where(eq(chapters.id, id)).for('update');
    if (!current) throw notFound(CHAPTER_MESSAGES.notFound);
    if (change.name !== undefined) await assertNameFree(tx, change.name, id);
    const changed = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
    if (Object.keys(changed).length === 0) return;
    await tx
      .update(chapters)
      .set({ ...changed, updatedAt: sql`now()` })
      .where(eq(chapters.id, id));
    const scheduleKeys = ['meetingWeekday', 'meetingTime', 'meetingPlace', 'meetingUrl', 'timeZone'];
    if (scheduleKeys.some((k) => k in changed)) {
      const schedule = await chapterSchedule(tx, id);
      const weekdayChanged = 'meetingWeekday' in changed && changed.meetingWeekday !== current.meetingWeekday;
      await followScheduleChange(tx, schedule, weekdayChanged, chapterToday(schedule));
    }
    const before = Object.fromEntries(
      Object.keys(changed).map((k) => [k, current[k as keyof typeof current]]),
    );
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'chapter.changed',
      subject: change.name ?? current.name ?? '',
      chapterId: id,
      before,
      after: changed,
    });
  });
}

/**
 * Makes a member of the chapter one of its network administrators (or, `on` false, a member again). Only
 * the chapter's own members: an administrator of a chapter is one of its members.
 */
export async function setChapterAdmin(
  db: Database,
  actor: Actor,
  chapterId: string,
  userId: string,
  on: boolean,
) {
  await db.transaction(async (tx) => {
    await confirmActorRole(tx, actor, 'AGENCY_ADMIN');
    const [chapter] = await tx.select({ id: chapters.id }).from(chapters).where(eq(chapters.id, chapterId));
    if (!chapter) throw notFound(CHAPTER_MESSAGES.notFound);
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target || target.chapterId !== chapterId) {
      throw new HttpError('VALIDATION', CHAPTER_MESSAGES.memberNotInChapter);
    }
    if (target.role === 'AGENCY_ADMIN') return;
    if (on && target.role === 'GUEST')
      throw new HttpError('VALIDATION', CHAPTER_MESSAGES.guestCannotAdminister);
    const newRole = on ? 'NETWORK_ADMIN' : 'MEMBER';
    if (on ? target.role === 'NETWORK_ADMIN' : target.role !== 'NETWORK_ADMIN') return;
    await tx.update(users).set({ role: newRole, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await recordRoleChange(tx, target, newRole, { actorId: actor.id });
  });
}

/** A chapter's members (guests aside) by name, bounded: the pickers of the Chapters tab. */
export async function listChapterMembers(db: Database, chapterId: string) {
  const [chapter] = await db.select({ id: chapters.id }).from(chapters).where(eq(chapters.id, chapterId));
  if (!chapter) throw notFound(CHAPTER_MESSAGES.notFound);
  const rows = await db
    .select({ id: users.id, name: sql<string>`coalesce(${userFullName}, ${users.email})`, role: users.role })
    .from(users)
    .where(and(eq(users.chapterId, chapterId), ne(users.role, 'GUEST')))
    .orderBy(...byName)
    .limit(CHAPTER_MEMBERS_MAX);
  return rows;
}
