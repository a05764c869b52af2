import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { absenceWindowStart } from '../../../domain/attendance/stats';
import { todayIn } from '../../../domain/dates';
import {
  type EducationUnit,
  type EducationUnitPage,
  EDUCATION_UNIT_MESSAGES as M,
  type recordEducationUnitSchema,
  type recordMeetingEducationSchema,
} from '../../../domain/education-units/contracts';
import { toEnteredBy } from '../../../domain/members/entered-by';
import type { PageRequest } from '../../../domain/paging';
import type { Actor } from '../../auth/session-store';
import type { ChapterScope } from '../../db/chapter-scope';
import { effectiveTimeZone } from '../../db/chapter-settings';
import type { Database } from '../../db/client';
import { attendanceRecords, type EducationUnitRow, educationUnits, users } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../http/keyset-cursor';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import { meetingRowIn } from '../meetings/meeting-queries';

const enterer = alias(users, 'enterer');

type Enterer = {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  role: string | null;
};
const NO_ONE: Enterer = { firstName: null, lastName: null, email: null, role: null };

const toUnit = (row: EducationUnitRow, entered: Enterer = NO_ONE): EducationUnit => ({
  id: row.id,
  enteredBy: toEnteredBy(entered),
  earnedOn: row.earnedOn,
  kind: row.kind as EducationUnit['kind'],
  title: row.title,
  minutes: row.minutes,
  fromMeeting: row.meetingId !== null,
  createdAt: row.createdAt.toISOString(),
});

/** POST /api/education-units: one unit of the actor's own. */
export async function recordEducationUnit(
  db: Database,
  actor: Actor,
  input: z.output<typeof recordEducationUnitSchema>,
): Promise<EducationUnit> {
  const [row] = await db
    .insert(educationUnits)
    .values({ ...input, memberId: actor.id, recordedById: actor.id })
    .returning();
  return toUnit(row!);
}

/**
 * GET /api/education-units: a page of mine, newest first (keyset on date, id), with this month's count and the
 * six-month window's, in the member's chapter's calendar. Two queries.
 */
export async function listEducationUnits(
  db: Database,
  me: string,
  page: PageRequest,
): Promise<EducationUnitPage> {
  const after = decodeCursor(page.cursor);
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        row: educationUnits,
        firstName: enterer.firstName,
        lastName: enterer.lastName,
        email: enterer.email,
        role: enterer.role,
      })
      .from(educationUnits)
      // Someone else recorded it, outside a chapter training: leadership, from the member's paper slip.
      .leftJoin(
        enterer,
        and(
          eq(enterer.id, educationUnits.recordedById),
          ne(educationUnits.recordedById, educationUnits.memberId),
          isNull(educationUnits.meetingId),
        ),
      )
      .where(
        and(
          eq(educationUnits.memberId, me),
          after
            ? sql`(${educationUnits.earnedOn}, ${educationUnits.id}) < (${after.date}::date, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(educationUnits.earnedOn), desc(educationUnits.id))
      .limit(page.limit + 1),
    db
      .select({ timeZone: effectiveTimeZone(users.chapterId) })
      .from(users)
      .where(eq(users.id, me))
      .then(async ([user]) => {
        const today = todayIn(user?.timeZone);
        return db
          .select({
            thisMonth:
              sql<number>`count(*) filter (where ${educationUnits.earnedOn} >= ${`${today.slice(0, 7)}-01`})`.mapWith(
                Number,
              ),
            lastSixMonths:
              sql<number>`count(*) filter (where ${educationUnits.earnedOn} >= ${absenceWindowStart(today)})`.mapWith(
                Number,
              ),
          })
          .from(educationUnits)
          .where(eq(educationUnits.memberId, me));
      }),
  ]);
  const items = rows.slice(0, page.limit).map(({ row, ...entered }) => toUnit(row, entered));
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > page.limit && last ? encodeCursor({ date: last.earnedOn, id: last.id }) : null,
    thisMonth: counts?.thisMonth ?? 0,
    lastSixMonths: counts?.lastSixMonths ?? 0,
  };
}

/** DELETE /api/education-units/:id: the member's own. */
export async function removeEducationUnit(db: Database, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(M.notFound);
  await db.transaction(async (tx) => {
    const [unit] = await tx.select().from(educationUnits).where(eq(educationUnits.id, id)).for('update');
    if (!unit || unit.memberId !== actor.id) throw unit ? forbidden(M.notYours) : notFound(M.notFound);
    await tx.delete(educationUnits).where(eq(educationUnits.id, id));
  });
}

/**
 * POST /api/meetings/:id/education-units: a unit for every member recorded present or late at the meeting,
 * dated its day, in one statement. The meeting, member and title are one unit, so sending it again (or two
 * leaders at once) adds none twice.
 */
export async function recordMeetingEducation(
  db: Database,
  actor: Actor,
  meetingId: string,
  scope: ChapterScope,
  input: z.output<typeof recordMeetingEducationSchema>,
): Promise<{ recorded: number; present: number }> {
  const meeting = await meetingRowIn(db, meetingId, scope);
  const present = sql`select a.member_id from ${attendanceRecords} a
    where a.chapter_id = ${meeting.chapterId} and a.meeting_date = ${meeting.meetingDate}
      and a.status in ('present', 'late')`;
  const { rows } = (await db.execute(sql`
    with present as (${present}),
    added as (
      insert into ${educationUnits} (member_id, earned_on, kind, title, minutes, recorded_by_id, meeting_id)
      select member_id, ${meeting.meetingDate}::date, ${input.kind}, ${input.title}, ${input.minutes},
        ${actor.id}::uuid, ${meeting.id}::uuid
      from present
      on conflict (meeting_id, member_id, title) do nothing
      returning 1
    )
    select (select count(*) from present)::int as present, (select count(*) from added)::int as recorded`)) as {
    rows: { present: number; recorded: number }[];
  };
  const counts = rows[0] ?? { present: 0, recorded: 0 };
  if (counts.present === 0) throw conflict(M.noOnePresent);
  return counts;
}
