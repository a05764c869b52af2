import { eq, sql } from 'drizzle-orm';
import {
  type AGENDA_ACTIONS,
  AGENDA_MESSAGES,
  type AgendaSegment,
  type AgendaState,
  nextAgendaSegment,
} from '../../../domain/attendance/agenda';
import type { RoomView } from '../../../domain/attendance/check-in';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { chapterScopeOf } from '../../db/chapter-scope';
import { actingChapterId } from '../../db/chapter-settings';
import type { Database } from '../../db/client';
import { chapters, type MeetingRow, meetings } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { agendaStateOf } from './check-in';
import { lockMeetingById } from './meeting-queries';
import { chapterSchedule } from './meeting-settings';

/** GET /api/meetings/agenda: the acting chapter's agenda template (the built-in one until it writes its own). */
export async function agendaTemplate(db: Database, actor: Actor): Promise<{ agenda: AgendaSegment[] }> {
  const schedule = await chapterSchedule(db, await actingChapterId(db, actor));
  return { agenda: schedule.agenda };
}

/** PUT /api/meetings/agenda (leadership): the template every meeting's timer starts from. */
export async function saveAgendaTemplate(db: Database, actor: Actor, agenda: AgendaSegment[]) {
  await db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'LEADERSHIP');
    const chapterId = await actingChapterId(tx, by);
    await tx.update(chapters).set({ agenda, updatedAt: sql`now()` }).where(eq(chapters.id, chapterId));
  });
  return { agenda };
}

/**
 * POST /api/meetings/:id/agenda (leadership): start the timer (from the chapter's template as it
 * stands), go to the next part or back one, or stop it. Only while the meeting is open; the meeting's row is
 * locked so two presses from two phones take turns (each moves one part).
 */
export async function runAgenda(
  db: Database,
  actor: Actor,
  id: string,
  action: (typeof AGENDA_ACTIONS)[number],
): Promise<AgendaState> {
  return db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'LEADERSHIP');
    const meeting = await lockMeetingById(tx, id, chapterScopeOf(by));
    if (meeting.state !== 'open') throw new HttpError('CONFLICT', AGENDA_MESSAGES.notOpen);
    const schedule = await chapterSchedule(tx, meeting.chapterId);
    if (action !== 'start' && action !== 'stop' && meeting.agendaSegment === null) {
      throw new HttpError('CONFLICT', AGENDA_MESSAGES.notStarted);
    }
    const agenda = action === 'start' ? schedule.agenda : (meeting.agenda ?? schedule.agenda);
    const segment = nextAgendaSegment(action, meeting.agendaSegment, agenda.length);
    const moved = segment !== meeting.agendaSegment || action === 'start';
    const [saved] = await tx
      .update(meetings)
      .set({
        agenda: segment === null ? null : agenda,
        agendaSegment: segment,
        agendaSegmentStartedAt: segment === null ? null : moved ? sql`now()` : meeting.agendaSegmentStartedAt,
        updatedAt: sql`now()`,
      })
      .where(eq(meetings.id, meeting.id))
      .returning();
    return agendaStateOf(saved!, schedule);
  });
}

/** GET /api/room/:token: the room's screen, the meeting the display link names. */
export async function roomView(db: Database, meeting: MeetingRow): Promise<RoomView> {
  const schedule = await chapterSchedule(db, meeting.chapterId);
  return {
    chapterName: schedule.chapterName,
    meetingDate: meeting.meetingDate,
    startTime: meeting.startTime,
    agenda: agendaStateOf(meeting, schedule),
  };
}
