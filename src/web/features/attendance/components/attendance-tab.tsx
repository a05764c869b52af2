import { QueryState } from '../../../components/list/query-state';
import { Spinner } from '../../../components/ui/spinner';
import { useAttendanceSubmissions } from '../api/attendance-queries';
import { AttendanceHistory } from './attendance-history';
import { LogMeeting } from './log-meeting';

/** The dashboard's Attendance tab (leadership and above): log a meeting, then the history. */
export default function AttendanceTab() {
  const submissions = useAttendanceSubmissions();
  return (
    <QueryState
      query={submissions}
      loading={<Spinner />}
      error="We could not load attendance. Please try again."
      empty={null}
      isEmpty={() => false}
    >
      {(data) => (
        <div className="space-y-6">
          <LogMeeting submissions={data} />
          <AttendanceHistory submissions={data} />
        </div>
      )}
    </QueryState>
  );
}
