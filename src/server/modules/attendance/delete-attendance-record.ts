import { eq } from 'drizzle-orm';
import { ATTENDANCE_MESSAGES } from '../../../domain/attendance/contracts';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import type { Database } from '../../db/client';
import { attendanceRecords } from '../../db/schema';
import { notFound } from '../../lib/http-error';

/** DELETE /api/attendance/records/:id */
export async function deleteAttendanceRecord(db: Database, actor: Actor, input: { id: string }) {
  const [row] = await db.transaction(async (tx) => {
    await confirmActorRole(tx, actor, 'LEADERSHIP');
    return tx
      .delete(attendanceRecords)
      .where(eq(attendanceRecords.id, input.id))
      .returning({ id: attendanceRecords.id });
  });
  if (!row) throw notFound(ATTENDANCE_MESSAGES.notFound);
}
