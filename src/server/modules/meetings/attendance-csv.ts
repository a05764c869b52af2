import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { ATTENDANCE_STATUS_LABELS, type AttendanceStatus } from '../../../domain/attendance/contracts';
import { displayName } from '../../../domain/members/display-name';
import { type ChapterScope, inChapterScope } from '../../db/chapter-scope';
import type { Database } from '../../db/client';
import { asTextColumns, forEachBatch, type TextRow } from '../../db/cursor';
import { attendanceRecords, users } from '../../db/schema';
import { sendCsv } from '../../http/csv';

const exportColumns = asTextColumns({
  meetingDate: attendanceRecords.meetingDate,
  firstName: users.firstName,
  lastName: users.lastName,
  businessName: users.businessName,
  status: attendanceRecords.status,
  notes: attendanceRecords.notes,
});
type ExportRow = TextRow<keyof typeof exportColumns>;

/**
 * Attendance as CSV: one line per member per meeting, newest meeting first and names A to Z within it,
 * streamed from a cursor (all meetings, or the one on `date`).
 */
export function sendAttendanceCsv(
  reply: FastifyReply,
  db: Database,
  date: string | undefined,
  scope: ChapterScope,
) {
  const where: SQL | undefined = and(
    inChapterScope(scope, attendanceRecords.chapterId),
    date ? eq(attendanceRecords.meetingDate, date) : undefined,
  );
  const query = db
    .select(exportColumns)
    .from(attendanceRecords)
    .innerJoin(users, eq(users.id, attendanceRecords.memberId))
    .where(where)
    .orderBy(desc(attendanceRecords.meetingDate), users.firstName, users.lastName, attendanceRecords.id);
  return sendCsv<ExportRow>(
    reply,
    date ? `attendance-${date}.csv` : 'attendance.csv',
    [
      { header: 'Meeting date', value: (r) => r.meetingDate },
      { header: 'Member', value: (r) => displayName(r) },
      { header: 'Business', value: (r) => r.businessName },
      { header: 'Status', value: (r) => ATTENDANCE_STATUS_LABELS[r.status as AttendanceStatus] },
      { header: 'Notes', value: (r) => r.notes },
    ],
    (emit) => forEachBatch(db, query, emit),
  );
}
