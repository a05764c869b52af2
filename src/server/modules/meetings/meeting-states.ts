import { and, eq, sql } from 'drizzle-orm';
import { MEETING_MESSAGES } from '../../../domain/attendance/meetings';
import { NOTIFICATION_LINKS } from '../../../domain/notifications/kinds';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { chapterOnly, chapterScopeOf } from '../../db/chapter-scope';
import type { Database, Transaction } from '../../db/client';
import { attendanceRecords, awayNotices, type MeetingRow, meetings, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { recordActivities } from '../activity/record-activity';
import { recordAudit } from '../audit/record-audit';
import { type NewNotification, notify } from '../notifications/notify';
import { attendanceStatsFor } from './attendance-queries';
import { assertRecordable, lockMeetingById, lockMeetingOn } from './meeting-queries';
import { chapterSchedule, chapterToday, endOfMeetingDay } from './meeting-settings';
import { weekReportRows } from './week-report';
import { emailWeekReport } from './week-report-email';

/**
 * Opens a scheduled meeting in the caller's transaction (its row locked): check-in runs, and every "I'll be
 * away" of the chapter's current members for that date becomes their record, unless one is
 * there already.
 */
async function openLocked(tx: Transaction, meeting: MeetingRow, actorId: string) {
  await tx.update(meetings).set({ state: 'open', updatedAt: sql`now()` }).where(eq(meetings.id, meeting.id));
  await recordAwayNotices(tx, meeting, actorId);
}

/**
 * Each "I'll be away" of the meeting's date by a current member of its chapter (or only `memberId`'s)
 * becomes their record: excused with the reason, or the substitute named; a record already there stays.
 */
export async function recordAwayNotices(
  tx: Transaction,
  meeting: Pick<MeetingRow, 'chapterId' | 'meetingDate'>,
  actorId: string,
  memberId?: string,
) {
  await tx.execute(sql`
    insert into ${attendanceRecords} (chapter_id, member_id, meeting_date, status, notes, substitute_name,
      substitute_email, counted, recorded_by_id)
    select a.chapter_id, a.member_id, a.meeting_date, a.kind::text::attendance_status, a.reason,
      a.substitute_name, a.substitute_email, false, ${actorId}
    from ${awayNotices} a join ${users} u on u.id = a.member_id
    where a.chapter_id = ${meeting.chapterId} and a.meeting_date = ${meeting.meetingDate}
      and u.chapter_id = a.chapter_id and u.role <> 'GUEST'
      ${memberId ? sql`and a.member_id = ${memberId}` : sql``}
    order by a.member_id
    on conflict (member_id, meeting_date) do nothing`);
}

/**
 * The meeting a save of `date` records into, locked: an open one; a scheduled one opens (on or after its
 * day); a date with no meeting gets an extra one, opened. A closed week or a holiday refuses (409).
 */
export async function meetingForRecording(
  tx: Transaction,
  chapterId: string,
  date: string,
  actorId: string,
): Promise<void> {
  let meeting = await lockMeetingOn(tx, chapterId, date);
  if (!meeting) {
    const schedule = await chapterSchedule(tx, chapterId);
    await tx
      .insert(meetings)
      .values({
        chapterId,
        meetingDate: date,
        startTime: schedule.startTime,
        place: schedule.place,
        onlineUrl: schedule.onlineUrl,
        extra: true,
      })
      .onConflictDoNothing();
    meeting = (await lockMeetingOn(tx, chapterId, date))!;
  }
  assertRecordable(meeting.state);
  if (meeting.state === 'scheduled') await openLocked(tx, meeting, actorId);
}

/** POST /api/meetings/:id/open (leadership): check-in starts, on the meeting's day or after. */
export async function openMeeting(db: Database, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'LEADERSHIP');
    const meeting = await lockMeetingById(tx, id, chapterScopeOf(by));
    if (meeting.state === 'open') return;
    assertRecordable(meeting.state);
    const today = chapterToday(await chapterSchedule(tx, meeting.chapterId));
    if (meeting.meetingDate > today) throw new HttpError('CONFLICT', MEETING_MESSAGES.notBeforeItsDay);
    await openLocked(tx, meeting, actor.id);
  });
}

/**
 * POST /api/meetings/:id/close (leadership): everyone of the chapter not yet recorded (members
 * who had joined by the meeting's day) is marked Absent, the week's records are locked and count in every
 * total from now on (one update; the kept totals follow in the same transaction), and members absent this
 * week hear when they near their limit. Saves of the meeting wait for its row lock: each lands before the
 * close (and counts) or is refused after it; none is lost.
 */
export async function closeMeeting(db: Database, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'LEADERSHIP');
    const meeting = await lockMeetingById(tx, id, chapterScopeOf(by));
    if (meeting.state === 'closed') throw new HttpError('CONFLICT', MEETING_MESSAGES.closed);
    if (meeting.state !== 'open') throw new HttpError('CONFLICT', MEETING_MESSAGES.notOpen);
    const schedule = await chapterSchedule(tx, meeting.chapterId);
    const joinedBefore = endOfMeetingDay(meeting.meetingDate, schedule);
    // A meeting that does not count (a social, a training) keeps who came, marks nobody absent and
    // counts in no total: it closes, its report goes out, and that is all.
    if (meeting.counts)
      await tx.execute(sql`
      insert into ${attendanceRecords} (chapter_id, member_id, meeting_date, status, counted, recorded_by_id)
      select u.chapter_id, u.id, ${meeting.meetingDate}, 'absent', false, ${actor.id}
      from ${users} u
      where u.chapter_id = ${meeting.chapterId} and u.role <> 'GUEST'
        and u.created_at < ${joinedBefore}::timestamptz
      order by u.id
      on conflict (member_id, meeting_date) do nothing`);
    if (meeting.counts) await countWeek(tx, meeting, true);
    const edition = meeting.reportEdition + 1;
    await tx
      .update(meetings)
      .set({
        state: 'closed',
        closedAt: sql`now()`,
        closedById: actor.id,
        reportEdition: edition,
        updatedAt: sql`now()`,
      })
      .where(eq(meetings.id, meeting.id));
    const rows = await weekReportRows(tx, meeting);
    if (meeting.counts) {
      await tellAbsentees(
        tx,
        meeting,
        rows.filter((r) => r.A === 1).map((r) => r.memberId),
      );
    }
    await emailWeekReport(tx, meeting, schedule.chapterName, edition, rows);
  });
}

/**
 * Puts a week's records in every total (`counted`) or takes them out, in one update: the kept totals'
 * triggers move them in the same transaction (migration 0027).
 */
function countWeek(tx: Transaction, meeting: MeetingRow, counted: boolean) {
  return tx
    .update(attendanceRecords)
    .set({ counted })
    .where(
      and(
        eq(attendanceRecords.chapterId, meeting.chapterId),
        eq(attendanceRecords.meetingDate, meeting.meetingDate),
        eq(attendanceRecords.counted, !counted),
      ),
    );
}

/**
 * Each member absent at a closed meeting (read from its report's rows) gets an activity entry, and a
 * warning near their limit: a fixed number of statements however many were absent.
 */
async function tellAbsentees(tx: Transaction, meeting: MeetingRow, absent: string[]) {
  if (absent.length === 0) return;
  const stats = await attendanceStatsFor(tx, absent, chapterOnly(meeting.chapterId));
  const nearLimit = absent
    .map((memberId) => ({ memberId, remaining: stats.get(memberId)?.missedRemaining ?? 99 }))
    .filter((m) => m.remaining <= 1);
  await recordActivities(tx, [
    ...absent.map((userId) => ({
      userId,
      kind: 'attendance_absent' as const,
      description: `Marked absent at the meeting on ${meeting.meetingDate}`,
    })),
    ...nearLimit.map(({ memberId }) => ({
      userId: memberId,
      kind: 'attendance_limit' as const,
      description: '⚠️ You are approaching the attendance limit',
    })),
  ]);
  await notify(
    tx,
    ...nearLimit.map(({ memberId, remaining }) => limitNotice(memberId, meeting.meetingDate, remaining)),
  );
}

const limitNotice = (memberId: string, date: string, remaining: number): NewNotification => ({
  userId: memberId,
  kind: 'attendance_limit',
  title: remaining === 1 ? 'One absence from the attendance limit' : 'You reached the attendance limit',
  body: `You were marked absent at the meeting on ${date}. ${
    remaining === 1
      ? 'One more absence within the six-month window reaches your limit.'
      : 'You have no absences left in the six-month window; talk to your chapter leadership.'
  }`,
  link: NOTIFICATION_LINKS.referrals,
});

/**
 * POST /api/meetings/:id/reopen (NETWORK_ADMIN and above), with a reason: a closed week opens again, its
 * records leave the totals until it closes again, and the audit log keeps who, when and why.
 */
export async function reopenMeeting(db: Database, actor: Actor, id: string, reason: string) {
  await db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'NETWORK_ADMIN');
    const meeting = await lockMeetingById(tx, id, chapterScopeOf(by));
    if (meeting.state !== 'closed') throw new HttpError('CONFLICT', MEETING_MESSAGES.notClosed);
    await countWeek(tx, meeting, false);
    await tx
      .update(meetings)
      .set({ state: 'open', note: reason, closedAt: null, closedById: null, updatedAt: sql`now()` })
      .where(eq(meetings.id, meeting.id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'meeting.reopened',
      subject: meeting.meetingDate,
      chapterId: meeting.chapterId,
      before: { state: 'closed' },
      after: { state: 'open', reason },
    });
  });
}
