import type { AttendanceLimit } from '../../../domain/admin/contracts';
import { DEFAULT_MISSED_MEETING_LIMIT } from '../../../domain/network/constants';
import type { Actor } from '../../auth/session-store';
import { effectiveMissedMeetingLimit, readChapterDefault } from '../../db/chapter-settings';
import type { Database } from '../../db/client';
import { changeChapterDefault } from './change-default';

/**
 * The missed-meeting limit the actor's chapter holds its members to (unless a member has their own): the
 * chapter's, else the agency's, else the built-in 4 (docs/decisions/0032). Once a "Coming Soon" setting.
 */
export async function readAttendanceLimit(
  db: Database,
  actor: { chapterId: string | null },
): Promise<AttendanceLimit> {
  const limit = await readChapterDefault(db, actor.chapterId, effectiveMissedMeetingLimit);
  return { missedMeetingLimit: limit, effectiveMissedMeetingLimit: limit ?? DEFAULT_MISSED_MEETING_LIMIT };
}

/** PUT /api/settings/network/attendance-limit: the actor's chapter's limit (the agency's for one of none), audited. */
export async function updateAttendanceLimit(
  db: Database,
  actor: Actor,
  input: { missedMeetingLimit: number },
): Promise<AttendanceLimit> {
  const by = await changeChapterDefault(db, actor, {
    key: 'missedMeetingLimit',
    value: input.missedMeetingLimit,
    action: 'attendance_limit.changed',
    subject: 'Default attendance limit',
  });
  return readAttendanceLimit(db, by);
}
