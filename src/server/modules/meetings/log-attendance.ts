import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ATTENDANCE_MESSAGES, type attendanceBatchSchema } from '../../../domain/attendance/contracts';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { chapterOnly } from '../../db/chapter-scope';
import { actingChapterId } from '../../db/chapter-settings';
import type { Database } from '../../db/client';
import { attendanceRecords } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { listAttendanceRecords, lockCurrentMemberIds, meetingSummary } from './attendance-queries';
import { meetingForRecording } from './meeting-states';

type Batch = z.output<typeof attendanceBatchSchema>;

/**
 * Records members at one meeting of the acting chapter, in one transaction (the editor of an
 * open meeting). The meeting's row is locked first, so saves of one meeting and its closing take turns: a
 * save lands in an open meeting (a scheduled one opens; a date without one gets an extra meeting) or is
 * refused once the week is closed. Saving a member again updates their record (the unique (member, date)
 * index). Records of an open meeting count nowhere until it closes.
 */
export async function logAttendance(db: Database, actor: Actor, batch: Batch) {
  const ids = batch.attendanceRecords.map((r) => r.memberId.toLowerCase());
  const chapterId = await db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'LEADERSHIP');
    const chapterId = await actingChapterId(tx, by);
    await meetingForRecording(tx, chapterId, batch.meetingDate, actor.id);
    // Another chapter's member is no member here: the batch is refused as naming someone who is not.
    const members = await lockCurrentMemberIds(tx, ids, chapterOnly(chapterId));
    if (members.size !== ids.length) {
      throw new HttpError('VALIDATION', ATTENDANCE_MESSAGES.notAMember, {
        attendanceRecords: [ATTENDANCE_MESSAGES.notAMember],
      });
    }
    await tx
      .insert(attendanceRecords)
      .values(
        batch.attendanceRecords.map((r) => ({
          memberId: r.memberId.toLowerCase(),
          meetingDate: batch.meetingDate,
          status: r.status,
          notes: r.notes,
          substituteName: r.status === 'substitute' ? (r.substituteName ?? null) : null,
          substituteEmail: r.status === 'substitute' ? (r.substituteEmail ?? null) : null,
          counted: false,
          recordedById: actor.id,
        })),
      )
      .onConflictDoUpdate({
        target: [attendanceRecords.memberId, attendanceRecords.meetingDate],
        set: {
          status: sql`excluded.status`,
          notes: sql`excluded.notes`,
          substituteName: sql`excluded.substitute_name`,
          substituteEmail: sql`excluded.substitute_email`,
          recordedById: actor.id,
          updatedAt: sql`now()`,
        },
      });
    return chapterId;
  });
  // The answer is the meeting's totals and the records this batch saved (at most a batch's worth), never
  // the whole meeting: that is read a page at a time.
  const [summary, records] = await Promise.all([
    meetingSummary(db, batch.meetingDate, chapterOnly(chapterId)),
    listAttendanceRecords(
      db,
      and(eq(attendanceRecords.meetingDate, batch.meetingDate), inArray(attendanceRecords.memberId, ids)),
    ),
  ]);
  return { ...summary, records };
}
