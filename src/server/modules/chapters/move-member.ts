import { and, eq, ne, sql } from 'drizzle-orm';
import { USER_MESSAGES } from '../../../domain/admin/contracts';
import { CHAPTER_MESSAGES } from '../../../domain/chapters/contracts';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import type { Database } from '../../db/client';
import { activity, applications, attendanceRecords, chapters, notifications, users } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { auditSubject, recordAudit } from '../audit/record-audit';

/**
 * Moves a member to another chapter with their history: their attendance, application, notifications and
 * activity go with them (the meeting totals follow by trigger), so the old chapter no longer sees them and
 * the new one does. Their industry seat in the old chapter is freed; in the new one they keep their
 * industry only while its seat is free there (one seat per industry per chapter). Referrals are theirs and
 * never belonged to a chapter, so they stay as they are.
 */
export async function moveMember(db: Database, actor: Actor, userId: string, chapterId: string) {
  return db.transaction(async (tx) => {
    await confirmActorRole(tx, actor, 'AGENCY_ADMIN');
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound(USER_MESSAGES.notFound);
    if (target.role === 'AGENCY_ADMIN')
      throw new HttpError('VALIDATION', CHAPTER_MESSAGES.cannotMoveAgencyAdmin);
    const [chapter] = await tx
      .select({ id: chapters.id, name: chapters.name })
      .from(chapters)
      .where(eq(chapters.id, chapterId))
      .for('share');
    if (!chapter) throw notFound(CHAPTER_MESSAGES.notFound);
    if (target.chapterId === chapterId) throw new HttpError('VALIDATION', CHAPTER_MESSAGES.alreadyInChapter);
    const [from] = await tx
      .select({ name: chapters.name })
      .from(chapters)
      .where(eq(chapters.id, target.chapterId!));

    const [holder] = target.industry
      ? await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              eq(users.chapterId, chapterId),
              sql`lower(${users.industry}) = lower(${target.industry})`,
              ne(users.role, 'GUEST'),
            ),
          )
          .limit(1)
      : [];
    const industryCleared = Boolean(holder) && target.role !== 'GUEST';

    await tx
      .update(users)
      .set({ chapterId, ...(industryCleared ? { industry: null } : {}), updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await tx.update(attendanceRecords).set({ chapterId }).where(eq(attendanceRecords.memberId, userId));
    await tx.update(applications).set({ chapterId }).where(eq(applications.userId, userId));
    await tx.update(notifications).set({ chapterId }).where(eq(notifications.userId, userId));
    await tx.update(activity).set({ chapterId }).where(eq(activity.userId, userId));

    // Both chapters' logs tell it: the one they left and the one they joined.
    const entry = {
      actorId: actor.id,
      action: 'user.chapter_moved' as const,
      subject: auditSubject(target),
      before: { chapter: from?.name ?? null, industry: target.industry },
      after: { chapter: chapter.name, industry: industryCleared ? null : target.industry },
    };
    await recordAudit(tx, { ...entry, chapterId: target.chapterId });
    await recordAudit(tx, { ...entry, chapterId });
    return { chapterId, industryCleared };
  });
}
