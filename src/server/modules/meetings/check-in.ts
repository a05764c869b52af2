import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { AgendaState } from '../../../domain/attendance/agenda';
import {
  CHECK_IN_MESSAGES,
  CHECKED_IN_STATUSES,
  checkInStatus,
  type DoorView,
  isMemberTap,
  isTicketTap,
  isVisitorTap,
  type MemberTap,
  type Tap,
} from '../../../domain/attendance/check-in';
import { zonedInstant } from '../../../domain/dates';
import { DOOR_VISITOR_MESSAGES, type TicketResult } from '../../../domain/visitors/door';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { type ChapterScope, chapterOnly, chapterScopeOf } from '../../db/chapter-scope';
import type { Database, Transaction } from '../../db/client';
import { byName, userFullName } from '../../db/name-sql';
import { attendanceRecords, awayNotices, checkInTaps, type MeetingRow, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import {
  addWalkIn,
  checkInVisitor,
  doorVisitors,
  scanTicket,
  undoVisitorCheckIn,
} from '../visitors/door-visitors';
import type { VisitEmailContext } from '../visitors/visit-emails';
import { lockCurrentMemberIds } from './attendance-queries';
import { lockMeetingById, meetingRowIn } from './meeting-queries';
import { type ChapterSchedule, chapterSchedule, endOfMeetingDay } from './meeting-settings';
import { recordAwayNotices } from './meeting-states';

/** After this instant a check-in is Late: the meeting's start plus the chapter's on-time minutes. */
export const meetingCutoff = (meeting: MeetingRow, schedule: ChapterSchedule) =>
  new Date(
    zonedInstant(meeting.meetingDate, meeting.startTime, schedule.timeZone).getTime() +
      schedule.onTimeMinutes * 60_000,
  );

/** The agenda timer as kept on the meeting, with the server's clock to tick from. */
export const agendaStateOf = (meeting: MeetingRow, schedule: ChapterSchedule): AgendaState => ({
  agenda: meeting.agenda ?? schedule.agenda,
  segment: meeting.agendaSegment,
  segmentStartedAt: meeting.agendaSegmentStartedAt?.toISOString() ?? null,
  serverNow: new Date().toISOString(),
});

/**
 * GET /api/meetings/:id/door: everyone expected at the meeting (current non-guest members of
 * its chapter who had joined by its day), A to Z, each with their mark so far and any "I'll be away", in
 * one query.
 */
export async function doorView(db: Database, id: string, scope: ChapterScope): Promise<DoorView> {
  const meeting = await meetingRowIn(db, id, scope);
  const schedule = await chapterSchedule(db, meeting.chapterId);
  const members = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(${userFullName}, ${users.businessName}, ${users.email})`,
      businessName: users.businessName,
      status: attendanceRecords.status,
      checkedInAt: attendanceRecords.checkedInAt,
      away: awayNotices.kind,
    })
    .from(users)
    .leftJoin(
      attendanceRecords,
      and(eq(attendanceRecords.memberId, users.id), eq(attendanceRecords.meetingDate, meeting.meetingDate)),
    )
    .leftJoin(
      awayNotices,
      and(eq(awayNotices.memberId, users.id), eq(awayNotices.meetingDate, meeting.meetingDate)),
    )
    .where(
      and(
        eq(users.chapterId, meeting.chapterId),
        ne(users.role, 'GUEST'),
        lt(users.createdAt, sql`${endOfMeetingDay(meeting.meetingDate, schedule)}::timestamptz`),
      ),
    )
    .orderBy(...byName);
  return {
    meeting: {
      id: meeting.id,
      meetingDate: meeting.meetingDate,
      startTime: meeting.startTime,
      state: meeting.state,
    },
    chapterName: schedule.chapterName,
    timeZone: schedule.timeZone,
    timeFormat: schedule.timeFormat,
    cutoffAt: meetingCutoff(meeting, schedule).toISOString(),
    serverNow: new Date().toISOString(),
    members: members.map((m) => ({ ...m, checkedInAt: m.checkedInAt?.toISOString() ?? null })),
    visitors: await doorVisitors(db, meeting.id),
    agenda: agendaStateOf(meeting, schedule),
  };
}

/**
 * Checks a member in (Present, or Late after the cut-off). A member already Present or Late keeps their
 * first check-in; one marked excused, substitute or absent came after all and is checked in.
 */
async function checkIn(
  tx: Transaction,
  meeting: MeetingRow,
  memberId: string,
  status: 'present' | 'late',
  at: Date,
  byId: string,
) {
  await tx
    .insert(attendanceRecords)
    .values({
      chapterId: meeting.chapterId,
      memberId,
      meetingDate: meeting.meetingDate,
      status,
      checkedInAt: at,
      counted: false,
      recordedById: byId,
    })
    .onConflictDoUpdate({
      target: [attendanceRecords.memberId, attendanceRecords.meetingDate],
      set: {
        status: sql`excluded.status`,
        checkedInAt: sql`excluded.checked_in_at`,
        notes: null,
        substituteName: null,
        substituteEmail: null,
        recordedById: byId,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${attendanceRecords.status} not in ('present', 'late')`,
    });
}

/** Takes a check-in back: the member is not yet here again, or away as they said they would be. */
async function undoCheckIn(tx: Transaction, meeting: MeetingRow, memberId: string, byId: string) {
  const undone = await tx
    .delete(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.memberId, memberId),
        eq(attendanceRecords.meetingDate, meeting.meetingDate),
        inArray(attendanceRecords.status, [...CHECKED_IN_STATUSES]),
      ),
    )
    .returning({ id: attendanceRecords.id });
  if (undone.length > 0) await recordAwayNotices(tx, meeting, byId, memberId);
}

/** A tap is never later than its arrival (a browser's clock may run ahead). */
const tapTime = (tap: Tap) => new Date(Math.min(new Date(tap.tappedAt).getTime(), Date.now()));

/** Applies one member's tap unless its id was applied before (a tap the browser sent again). */
async function applyTap(tx: Transaction, meeting: MeetingRow, tap: MemberTap, cutoff: Date, byId: string) {
  const at = tapTime(tap);
  const fresh = await tx
    .insert(checkInTaps)
    .values({
      id: tap.id,
      chapterId: meeting.chapterId,
      meetingId: meeting.id,
      memberId: tap.memberId,
      action: tap.action,
      tappedAt: at,
      recordedById: byId,
    })
    .onConflictDoNothing()
    .returning({ id: checkInTaps.id });
  if (fresh.length === 0) return;
  if (tap.action === 'undo') await undoCheckIn(tx, meeting, tap.memberId, byId);
  else await checkIn(tx, meeting, tap.memberId, checkInStatus(at, cutoff), at, byId);
}

/** The open meeting a check-in lands in, locked: taps, saves and closing take turns on its row. */
async function lockOpenMeeting(tx: Transaction, id: string, scope: ChapterScope) {
  const meeting = await lockMeetingById(tx, id, scope);
  if (meeting.state !== 'open') throw new HttpError('CONFLICT', CHECK_IN_MESSAGES.notOpen);
  return meeting;
}

/**
 * Applies a visitor's tap, a scanned ticket or a walk-in. Each is idempotent by its nature (a visit is checked
 * in once; a walk-in is found again by their email), so a batch sent twice changes nothing the second time.
 */
async function applyVisitorTap(
  tx: Transaction,
  meeting: MeetingRow,
  tap: Exclude<Tap, MemberTap>,
  byId: string,
  context: VisitEmailContext,
): Promise<TicketResult | null> {
  const at = tapTime(tap);
  if (isTicketTap(tap)) return scanTicket(tx, meeting, tap, at, byId, context);
  if (!isVisitorTap(tap)) {
    await addWalkIn(tx, meeting, tap.walkIn, at, byId, context);
    return null;
  }
  if (tap.action === 'undo') {
    await undoVisitorCheckIn(tx, meeting, tap.visitId.toLowerCase(), byId);
    return null;
  }
  const done = await checkInVisitor(tx, meeting, tap.visitId.toLowerCase(), at, byId, context);
  if (done.outcome === 'not_here') {
    throw new HttpError('VALIDATION', DOOR_VISITOR_MESSAGES.notThisMeeting, {
      taps: [DOOR_VISITOR_MESSAGES.notThisMeeting],
    });
  }
  return null;
}

/**
 * POST /api/meetings/:id/taps: taps from the door, oldest first: members' (each applied once by its id),
 * visitors', scanned tickets and walk-ins. The meeting's row is locked, so taps from several phones and the
 * week's closing take turns. Answers what became of each ticket: a refused one refuses nothing else.
 */
export async function applyTaps(
  db: Database,
  actor: Actor,
  id: string,
  taps: Tap[],
  context: VisitEmailContext,
): Promise<TicketResult[]> {
  return db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'LEADERSHIP');
    const meeting = await lockOpenMeeting(tx, id, chapterScopeOf(by));
    const memberIds = [...new Set(taps.filter(isMemberTap).map((t) => t.memberId.toLowerCase()))];
    const members = await lockCurrentMemberIds(tx, memberIds, chapterOnly(meeting.chapterId));
    if (members.size !== memberIds.length) {
      throw new HttpError('VALIDATION', CHECK_IN_MESSAGES.notAMember, {
        taps: [CHECK_IN_MESSAGES.notAMember],
      });
    }
    const cutoff = meetingCutoff(meeting, await chapterSchedule(tx, meeting.chapterId));
    const tickets: TicketResult[] = [];
    for (const tap of taps) {
      if (isMemberTap(tap)) {
        await applyTap(tx, meeting, { ...tap, memberId: tap.memberId.toLowerCase() }, cutoff, actor.id);
        continue;
      }
      const result = await applyVisitorTap(tx, meeting, tap, actor.id, context);
      if (result) tickets.push(result);
    }
    return tickets;
  });
}

/**
 * Codes stop when the week closes and a reopen does not bring them back: a reopened week is for corrections by
 * leadership, so a code still within its three hours, or a new one, checks no one in (and never as late, days
 * after the meeting). A week that was closed once has a report edition.
 */
export function refuseCodesOfClosedWeek(meeting: Pick<MeetingRow, 'reportEdition'>): void {
  if (meeting.reportEdition > 0) throw new HttpError('CONFLICT', CHECK_IN_MESSAGES.weekClosed);
}

/**
 * A member checks themselves in with the room's code, in the meeting the code names; they
 * must be a current member of its chapter. Checking in again changes nothing.
 */
export async function selfCheckIn(db: Database, actor: Actor, meetingId: string) {
  await db.transaction(async (tx) => {
    const me = await confirmActorRole(tx, actor, 'MEMBER');
    const meeting = await lockOpenMeeting(tx, meetingId, { all: true });
    // Checked again under the meeting's lock: a close and reopen between reading the code and here.
    refuseCodesOfClosedWeek(meeting);
    const members = await lockCurrentMemberIds(tx, [me.id], chapterOnly(meeting.chapterId));
    if (members.size === 0) throw new HttpError('FORBIDDEN', CHECK_IN_MESSAGES.notAMember);
    const cutoff = meetingCutoff(meeting, await chapterSchedule(tx, meeting.chapterId));
    const tap: MemberTap = {
      id: randomUUID(),
      memberId: me.id,
      action: 'check-in',
      tappedAt: new Date().toISOString(),
    };
    await applyTap(tx, meeting, tap, cutoff, me.id);
  });
}
