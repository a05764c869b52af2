import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { addDays } from '../../../domain/attendance/meeting-day';
import {
  type createMeetingSchema,
  MEETING_MESSAGES,
  type updateMeetingSchema,
} from '../../../domain/attendance/meetings';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { chapterScopeOf } from '../../db/chapter-scope';
import { actingChapterId } from '../../db/chapter-settings';
import type { Database, Transaction } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { meetings } from '../../db/schema';
import { conflict, HttpError } from '../../lib/http-error';
import { tellVisitorsOfMeetingChange } from '../visitors/meeting-changes';
import type { VisitEmailContext } from '../visitors/visit-emails';
import { lockMeetingById } from './meeting-queries';
import { chapterSchedule, chapterToday } from './meeting-settings';

/** A meeting is planned at most a year ahead of the chapter's today. */
async function assertNotTooFar(db: Database | Transaction, chapterId: string, date: string) {
  const today = chapterToday(await chapterSchedule(db, chapterId));
  if (date > addDays(today, 366)) throw new HttpError('VALIDATION', MEETING_MESSAGES.tooFarAhead);
}

const dateTaken = (err: unknown) =>
  isUniqueViolation(err, 'meetings_chapter_date_key') ? conflict(MEETING_MESSAGES.dateTaken) : err;

/** POST /api/meetings (leadership): an extra meeting of the acting chapter beside the schedule's. */
export async function createExtraMeeting(
  db: Database,
  actor: Actor,
  input: z.output<typeof createMeetingSchema>,
): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const by = await confirmActorRole(tx, actor, 'LEADERSHIP');
      const chapterId = await actingChapterId(tx, by);
      await assertNotTooFar(tx, chapterId, input.meetingDate);
      const [made] = await tx
        .insert(meetings)
        .values({
          chapterId,
          meetingDate: input.meetingDate,
          startTime: input.startTime,
          place: input.place ?? null,
          onlineUrl: input.onlineUrl ?? null,
          extra: true,
          counts: input.counts,
        })
        .returning({ id: meetings.id });
      return made!.id;
    });
  } catch (err) {
    throw dateTaken(err);
  }
}

/**
 * PATCH /api/meetings/:id (leadership): moves a meeting not yet opened (date, time, place, link), or marks
 * its week a holiday (no meeting, counts against no one) and back. The week it stands for stays its own,
 * so the job clock never makes it again.
 */
export async function updateMeeting(
  db: Database,
  actor: Actor,
  id: string,
  change: z.output<typeof updateMeetingSchema>,
  visitorEmails: VisitEmailContext,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const by = await confirmActorRole(tx, actor, 'LEADERSHIP');
      const meeting = await lockMeetingById(tx, id, chapterScopeOf(by));
      if (meeting.state !== 'scheduled' && meeting.state !== 'holiday') {
        throw new HttpError('CONFLICT', MEETING_MESSAGES.notScheduled);
      }
      if (change.meetingDate && change.meetingDate !== meeting.meetingDate) {
        await assertNotTooFar(tx, meeting.chapterId, change.meetingDate);
      }
      const state = change.holiday === undefined ? meeting.state : change.holiday ? 'holiday' : 'scheduled';
      const next = {
        meetingDate: change.meetingDate ?? meeting.meetingDate,
        startTime: change.startTime ?? meeting.startTime,
        place: change.place === undefined ? meeting.place : change.place,
        onlineUrl: change.onlineUrl === undefined ? meeting.onlineUrl : change.onlineUrl,
      };
      await tx
        .update(meetings)
        .set({
          ...next,
          note: change.note === undefined ? meeting.note : change.note,
          state,
          updatedAt: sql`now()`,
        })
        .where(eq(meetings.id, id));
      // Its registered visitors hear of it: a cancellation for a week called off, an updated invitation for a move.
      if (state === 'holiday' && meeting.state !== 'holiday') {
        await tellVisitorsOfMeetingChange(tx, id, 'called-off', visitorEmails);
      } else if (
        state === 'scheduled' &&
        (next.meetingDate !== meeting.meetingDate ||
          next.startTime !== meeting.startTime ||
          next.place !== meeting.place ||
          next.onlineUrl !== meeting.onlineUrl)
      ) {
        await tellVisitorsOfMeetingChange(tx, id, 'moved', visitorEmails);
      }
    });
  } catch (err) {
    throw dateTaken(err);
  }
}
