import type { AuthUser } from '../../../../domain/auth/contracts';
import { MeetingsPanel } from './meetings-panel';

/** The dashboard's Attendance tab (leadership and above): the chapter's meetings, each in its state. */
export default function AttendanceTab({ user }: { user: AuthUser }) {
  return <MeetingsPanel user={user} />;
}
