import type { FastifyReply } from 'fastify';
import type { AttendanceRecord } from '../../../domain/attendance/contracts';
import { displayName } from '../../../domain/members/display-name';
import { sendCsv } from '../../http/csv';

const STATUS_LABEL = { present: 'Present', absent: 'Absent', excused: 'Excused' } as const;

/** Attendance as CSV: one line per member per meeting, newest meeting first. */
export function sendAttendanceCsv(reply: FastifyReply, records: AttendanceRecord[], date?: string) {
  return sendCsv<AttendanceRecord>(
    reply,
    date ? `attendance-${date}.csv` : 'attendance.csv',
    [
      { header: 'Meeting date', value: (r) => r.meetingDate },
      { header: 'Member', value: (r) => displayName(r) },
      { header: 'Business', value: (r) => r.businessName },
      { header: 'Status', value: (r) => STATUS_LABEL[r.status] },
      { header: 'Notes', value: (r) => r.notes },
    ],
    records,
  );
}
