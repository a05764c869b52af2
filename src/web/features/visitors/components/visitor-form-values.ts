import { longDay } from '../../../../domain/calendar/day-name';
import { formatWallTime, type TimeFormat } from '../../../../domain/chapters/time-format';
import type { VisitMeeting } from '../../../../domain/visitors/contracts';

/** The person's fields, empty, as both visitor forms (the public one, a member's invitation) start. */
export const EMPTY_VISITOR = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  business: '',
  industry: '',
  note: '',
};

/** "Tuesday, December 1, 2026 · 7:00 AM · Old Town Library": a meeting as the forms offer it. */
export const meetingLabel = (meeting: VisitMeeting, timeFormat: TimeFormat) =>
  [
    longDay(meeting.meetingDate),
    formatWallTime(meeting.startTime, timeFormat),
    meeting.place ?? (meeting.onlineUrl ? 'Online' : null),
  ]
    .filter(Boolean)
    .join(' · ');
