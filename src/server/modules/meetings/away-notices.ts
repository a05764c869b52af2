import { and, asc, eq, gte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type awayNoticeSchema,
  MEETING_MESSAGES,
  MEETINGS_AHEAD_WEEKS,
  type MyMeetings,
} from '../../../domain/attendance/meetings';
import type { Actor } from '../../auth/session-store';
import { chapterOnly } from '../../db/chapter-scope';
import type { Database } from '../../db/client';
import { userFullName } from '../../db/name-sql';
import { awayNotices, meetings, users } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { attendanceStatsFor } from './attendance-queries';
import { chapterSchedule, chapterToday } from './meeting-settings';

/** The member's chapter, read now (a member moved meanwhile tells their new chapter). */
export async function memberChapter(db: Database, memberId: string): Promise<string> {
  const [row] = await db.select({ chapterId: users.chapterId }).from(users).where(eq(users.id, memberId));
  if (!row?.chapterId) throw notFound(MEETING_MESSAGES.notFound);
  return row.chapterId;
}

/**
 * POST /api/meetings/away: "I'll be away", for a meeting of the member's chapter not yet
 * opened: excused with a reason, or a substitute named (while the chapter's substitute limit allows).
 * Saying it again for the same date replaces it.
 */
export async function giveAwayNotice(db: Database, actor: Actor, input: z.output<typeof awayNoticeSchema>) {
  const chapterId = await memberChapter(db, actor.id);
  await db.transaction(async (tx) => {
    const [meeting] = await tx
      .select({ state: meetings.state })
      .from(meetings)
      .where(and(eq(meetings.chapterId, chapterId), eq(meetings.meetingDate, input.meetingDate)))
      .for('share');
    if (!meeting) throw notFound(MEETING_MESSAGES.notFound);
    if (meeting.state === 'holiday') throw new HttpError('CONFLICT', MEETING_MESSAGES.holiday);
    if (meeting.state !== 'scheduled') throw new HttpError('CONFLICT', MEETING_MESSAGES.awayPast);
    if (input.kind === 'substitute') {
      const stats = (await attendanceStatsFor(tx, [actor.id], chapterOnly(chapterId))).get(actor.id);
      if (stats?.substitutesRemaining === 0) {
        throw new HttpError('CONFLICT', MEETING_MESSAGES.noSubstitutesLeft);
      }
    }
    const notice = {
      kind: input.kind,
      reason: input.reason ?? null,
      substituteName: input.kind === 'substitute' ? (input.substituteName ?? null) : null,
      substituteEmail: input.kind === 'substitute' ? (input.substituteEmail ?? null) : null,
    };
    await tx
      .insert(awayNotices)
      .values({ chapterId, memberId: actor.id, meetingDate: input.meetingDate, ...notice })
      .onConflictDoUpdate({
        target: [awayNotices.memberId, awayNotices.meetingDate],
        set: { ...notice, chapterId, createdAt: sql`now()` },
      });
  });
}

/** DELETE /api/meetings/away/:date: "I'll be there after all", while the meeting is not yet open. */
export async function withdrawAwayNotice(db: Database, actor: Actor, date: string) {
  const chapterId = await memberChapter(db, actor.id);
  const [meeting] = await db
    .select({ state: meetings.state })
    .from(meetings)
    .where(and(eq(meetings.chapterId, chapterId), eq(meetings.meetingDate, date)));
  if (meeting && meeting.state !== 'scheduled' && meeting.state !== 'holiday') {
    throw new HttpError('CONFLICT', MEETING_MESSAGES.awayPast);
  }
  await db
    .delete(awayNotices)
    .where(and(eq(awayNotices.memberId, actor.id), eq(awayNotices.meetingDate, date)));
}

/** GET /api/meetings/mine: the member's chapter's next meetings (closed ones aside), each with their own notice. */
export async function myMeetings(db: Database, actor: Actor): Promise<MyMeetings> {
  const chapterId = await memberChapter(db, actor.id);
  const schedule = await chapterSchedule(db, chapterId);
  const today = chapterToday(schedule);
  const rows = await db
    .select({
      meetingDate: meetings.meetingDate,
      startTime: meetings.startTime,
      place: meetings.place,
      onlineUrl: meetings.onlineUrl,
      state: meetings.state,
      kind: awayNotices.kind,
      reason: awayNotices.reason,
      substituteName: awayNotices.substituteName,
      substituteEmail: awayNotices.substituteEmail,
      memberName: sql<string>`coalesce(${userFullName}, ${users.email})`,
    })
    .from(meetings)
    .innerJoin(users, eq(users.id, actor.id))
    .leftJoin(
      awayNotices,
      and(eq(awayNotices.memberId, actor.id), eq(awayNotices.meetingDate, meetings.meetingDate)),
    )
    .where(
      and(eq(meetings.chapterId, chapterId), gte(meetings.meetingDate, today), ne(meetings.state, 'closed')),
    )
    .orderBy(asc(meetings.meetingDate))
    .limit(MEETINGS_AHEAD_WEEKS + 1);
  const stats = (await attendanceStatsFor(db, [actor.id], chapterOnly(chapterId))).get(actor.id);
  return {
    meetings: rows.map(({ kind, reason, substituteName, substituteEmail, memberName, ...m }) => ({
      ...m,
      away: kind
        ? {
            memberId: actor.id,
            memberName,
            meetingDate: m.meetingDate,
            kind,
            reason,
            substituteName,
            substituteEmail,
          }
        : null,
    })),
    substitutesRemaining: stats?.substitutesRemaining ?? null,
    timeFormat: schedule.timeFormat,
  };
}
