import { and, eq } from 'drizzle-orm';
import { CHECK_IN_MESSAGES, type SelfCheckInView } from '../../../domain/attendance/check-in';
import type { Actor } from '../../auth/session-store';
import type { Database } from '../../db/client';
import { attendanceRecords, type MeetingRow, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { chapterSchedule } from './meeting-settings';

/**
 * What a member sees after scanning the room's code: which meeting, and whether they are in.
 * A member of another chapter (or a guest) is told the code is not theirs.
 */
export async function selfCheckInView(
  db: Database,
  actor: Actor,
  meeting: MeetingRow,
): Promise<SelfCheckInView> {
  const [me] = await db
    .select({
      chapterId: users.chapterId,
      role: users.role,
      status: attendanceRecords.status,
      checkedInAt: attendanceRecords.checkedInAt,
    })
    .from(users)
    .leftJoin(
      attendanceRecords,
      and(eq(attendanceRecords.memberId, users.id), eq(attendanceRecords.meetingDate, meeting.meetingDate)),
    )
    .where(eq(users.id, actor.id));
  if (!me || me.chapterId !== meeting.chapterId || me.role === 'GUEST') {
    throw new HttpError('FORBIDDEN', CHECK_IN_MESSAGES.notAMember);
  }
  const schedule = await chapterSchedule(db, meeting.chapterId);
  return {
    chapterName: schedule.chapterName,
    timeZone: schedule.timeZone,
    timeFormat: schedule.timeFormat,
    meetingDate: meeting.meetingDate,
    startTime: meeting.startTime,
    status: me.status,
    checkedInAt: me.checkedInAt?.toISOString() ?? null,
  };
}
