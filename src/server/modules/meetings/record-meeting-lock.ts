import { and, eq } from 'drizzle-orm';
import { ATTENDANCE_MESSAGES } from '../../../domain/attendance/contracts';
import { type ChapterScope, inChapterScope } from '../../db/chapter-scope';
import type { Transaction } from '../../db/client';
import { attendanceRecords } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { assertRecordable, lockMeetingOn } from './meeting-queries';

/**
 * Before a record changes: the record (404 outside the scope) and its meeting, locked; a closed week's
 * records are locked against everyone until an administrator reopens it.
 */
export async function lockOpenRecord(tx: Transaction, id: string, scope: ChapterScope) {
  const [record] = await tx
    .select({ chapterId: attendanceRecords.chapterId, meetingDate: attendanceRecords.meetingDate })
    .from(attendanceRecords)
    .where(and(eq(attendanceRecords.id, id), inChapterScope(scope, attendanceRecords.chapterId)));
  if (!record) throw notFound(ATTENDANCE_MESSAGES.notFound);
  const meeting = await lockMeetingOn(tx, record.chapterId, record.meetingDate);
  assertRecordable(meeting?.state ?? 'closed');
}
