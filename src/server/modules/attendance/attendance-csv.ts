import type { FastifyReply } from 'fastify';
import { ATTENDANCE_STATUS_LABELS, type AttendanceRecord } from '../../../domain/attendance/contracts';
import { displayName } from '../../../domain/members/display-name';
import { sendCsv } from '../../http/csv';

/** Attendance as CSV: one line per member per meeting, newest meeting first. */
export function sendAttendanceCsv(reply: FastifyReply, records: AttendanceRecord[], date?: string) {
  return sendCsv<AttendanceRecord>(
    reply,
    date ? `attendance-${date}.csv` : 'attendance.csv',
    [
      { header: 'Meeting date', value: (r) => r.meetingDate },
      { header: 'Member', value: (r) => displayName(r) },
      { header: 'Business', value: (r) => r.businessName },
      { header: 'Status', value: (r) => ATTENDANCE_STATUS_LABELS[r.status] },
      { header: 'Notes', value: (r) => r.notes },
    ],
    records,
  );
}
