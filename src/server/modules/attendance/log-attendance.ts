import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ATTENDANCE_MESSAGES, type attendanceBatchSchema } from '../../../domain/attendance/contracts';
import { NOTIFICATION_LINKS } from '../../../domain/notifications/kinds';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import type { Database } from '../../db/client';
import { attendanceRecords } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { recordActivity } from '../activity/record-activity';
import { chapterScopeOf } from '../chapters/chapter-scope';
import { notify } from '../notifications/notify';
import {
  attendanceStatsFor,
  listAttendanceRecords,
  lockCurrentMemberIds,
  meetingSummary,
} from './attendance-queries';

type Batch = z.output<typeof attendanceBatchSchema>;

/**
 * Saves one meeting's attendance in one transaction. Saving a date again updates those members'
 * records (the unique (member, date) index); saves of the same date take turns (an advisory lock), so
 * concurrent leaders never duplicate a record or tell a member twice. Members newly marked absent get
 * an activity entry, and another when they are one absence from their limit.
 */
export async function logAttendance(db: Database, actor: Actor, batch: Batch) {
  const ids = batch.attendanceRecords.map((r) => r.memberId.toLowerCase());
  await db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'LEADERSHIP');
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`attendance:${batch.meetingDate}`}))`);
    // Another chapter's member is no member here: the batch is refused as naming someone who is not.
    const members = await lockCurrentMemberIds(tx, ids, chapterScopeOf(by));
    if (members.size !== ids.length) {
      throw new HttpError('VALIDATION', ATTENDANCE_MESSAGES.notAMember, {
        attendanceRecords: [ATTENDANCE_MESSAGES.notAMember],
      });
    }
    const before = await tx
      .select({ memberId: attendanceRecords.memberId, status: attendanceRecords.status })
      .from(attendanceRecords)
      .where(
        and(eq(attendanceRecords.meetingDate, batch.meetingDate), inArray(attendanceRecords.memberId, ids)),
      );
    const wasAbsent = new Set(before.filter((r) => r.status === 'absent').map((r) => r.memberId));

    await tx
      .insert(attendanceRecords)
      .values(
        batch.attendanceRecords.map((r) => ({
          memberId: r.memberId.toLowerCase(),
          meetingDate: batch.meetingDate,
          status: r.status,
          notes: r.notes,
          recordedById: actor.id,
        })),
      )
      .onConflictDoUpdate({
        target: [attendanceRecords.memberId, attendanceRecords.meetingDate],
        set: {
          status: sql`excluded.status`,
          notes: sql`excluded.notes`,
          recordedById: actor.id,
          updatedAt: sql`now()`,
        },
      });

    const newlyAbsent = ids.filter(
      (id, i) => batch.attendanceRecords[i]?.status === 'absent' && !wasAbsent.has(id),
    );
    if (newlyAbsent.length === 0) return;
    const stats = await attendanceStatsFor(tx, newlyAbsent, { all: true });
    for (const memberId of newlyAbsent) {
      await recordActivity(tx, {
        userId: memberId,
        kind: 'attendance_absent',
        description: `Marked absent at the meeting on ${batch.meetingDate}`,
      });
      const remaining = stats.get(memberId)?.missedRemaining ?? 99;
      if (remaining <= 1) {
        await recordActivity(tx, {
          userId: memberId,
          kind: 'attendance_limit',
          description: '⚠️ You are approaching the attendance limit',
        });
        await notify(tx, {
          userId: memberId,
          kind: 'attendance_limit',
          title:
            remaining === 1 ? 'One absence from the attendance limit' : 'You reached the attendance limit',
          body: `You were marked absent at the meeting on ${batch.meetingDate}. ${
            remaining === 1
              ? 'One more absence within the six-month window reaches your limit.'
              : 'You have no absences left in the six-month window; talk to your chapter leadership.'
          }`,
          link: NOTIFICATION_LINKS.referrals,
        });
      }
    }
  });
  // The answer is the meeting's totals and the records this batch saved (at most a batch's worth), never
  // the whole meeting: that is read a page at a time.
  const [summary, records] = await Promise.all([
    meetingSummary(db, batch.meetingDate, chapterScopeOf(actor)),
    listAttendanceRecords(
      db,
      and(
        eq(attendanceRecords.meetingDate, batch.meetingDate),
        inArray(
          attendanceRecords.memberId,
          batch.attendanceRecords.map((r) => r.memberId),
        ),
      ),
    ),
  ]);
  return { ...summary, records };
}
