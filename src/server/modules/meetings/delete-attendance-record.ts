import { and, eq } from 'drizzle-orm';
import { ATTENDANCE_MESSAGES } from '../../../domain/attendance/contracts';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { chapterScopeOf, inChapterScope } from '../../db/chapter-scope';
import type { Database } from '../../db/client';
import { attendanceRecords } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { lockOpenRecord } from './record-meeting-lock';

/** DELETE /api/attendance/records/:id: a record of an open meeting. */
export async function deleteAttendanceRecord(db: Database, actor: Actor, input: { id: string }) {
  const [row] = await db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'LEADERSHIP');
    await lockOpenRecord(tx, input.id, chapterScopeOf(by));
    return tx
      .delete(attendanceRecords)
      .where(
        and(
          eq(attendanceRecords.id, input.id),
          inChapterScope(chapterScopeOf(by), attendanceRecords.chapterId),
        ),
      )
      .returning({ id: attendanceRecords.id });
  });
  if (!row) throw notFound(ATTENDANCE_MESSAGES.notFound);
}
