import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ATTENDANCE_MESSAGES, type attendanceEditSchema } from '../../../domain/attendance/contracts';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { chapterScopeOf, inChapterScope } from '../../db/chapter-scope';
import type { Database } from '../../db/client';
import { attendanceRecords } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { listAttendanceRecords } from './attendance-queries';
import { lockOpenRecord } from './record-meeting-lock';

/** PUT /api/attendance/records/:id: a record's status and notes, in an open meeting (leadership; the route checks the role). */
export async function editAttendanceRecord(
  db: Database,
  actor: Actor,
  input: z.output<typeof attendanceEditSchema> & { id: string },
) {
  const [row] = await db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'LEADERSHIP');
    await lockOpenRecord(tx, input.id, chapterScopeOf(by));
    const substitute = input.status === 'substitute';
    return tx
      .update(attendanceRecords)
      .set({
        status: input.status,
        notes: input.notes,
        substituteName: substitute ? (input.substituteName ?? null) : null,
        substituteEmail: substitute ? (input.substituteEmail ?? null) : null,
        recordedById: actor.id,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(attendanceRecords.id, input.id),
          inChapterScope(chapterScopeOf(by), attendanceRecords.chapterId),
        ),
      )
      .returning({ id: attendanceRecords.id });
  });
  if (!row) throw notFound(ATTENDANCE_MESSAGES.notFound);
  const [record] = await listAttendanceRecords(db, eq(attendanceRecords.id, row.id));
  return record!;
}
