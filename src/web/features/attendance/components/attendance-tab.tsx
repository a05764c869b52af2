import { AttendanceHistory } from './attendance-history';
import { LogMeeting } from './log-meeting';

/** The dashboard's Attendance tab (leadership and above): log a meeting, then the history. */
export default function AttendanceTab() {
  return (
    <div className="space-y-6">
      <LogMeeting />
      <AttendanceHistory />
    </div>
  );
}
