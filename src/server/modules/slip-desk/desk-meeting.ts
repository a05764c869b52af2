import { and, eq, gt, inArray } from 'drizzle-orm';
import { SLIP_DESK_MESSAGES as M } from '../../../domain/slip-desk/messages';
import type { ChapterScope } from '../../db/chapter-scope';
import type { Database, Transaction } from '../../db/client';
import { type MeetingRow, meetings } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { lockMeetingById, meetingRowIn } from '../meetings/meeting-queries';

/**
 * The desk takes a week's slips while its meeting is open, or once closed while no later meeting of the chapter
 * has been held (the week just closed: the VP keys the paper in after the meeting). Older weeks are refused.
 */
async function assertDeskWeek(db: Database | Transaction, meeting: MeetingRow) {
  if (meeting.state === 'open') return;
  if (meeting.state === 'closed') {
    const [later] = await db
      .select({ id: meetings.id })
      .from(meetings)
      .where(
        and(
          eq(meetings.chapterId, meeting.chapterId),
          gt(meetings.meetingDate, meeting.meetingDate),
          inArray(meetings.state, ['open', 'closed']),
        ),
      )
      .limit(1);
    if (!later) return;
  }
  throw new HttpError('CONFLICT', M.notThisWeek);
}

/** The desk's meeting, read: 404 outside the scope, 409 for a week the desk does not take. */
export async function deskMeeting(db: Database, id: string, scope: ChapterScope) {
  const meeting = await meetingRowIn(db, id, scope);
  await assertDeskWeek(db, meeting);
  return meeting;
}

/** The desk's meeting, locked for the save: a close or a reopen at the same moment waits for it. */
export async function lockDeskMeeting(tx: Transaction, id: string, scope: ChapterScope) {
  const meeting = await lockMeetingById(tx, id, scope);
  await assertDeskWeek(tx, meeting);
  return meeting;
}
