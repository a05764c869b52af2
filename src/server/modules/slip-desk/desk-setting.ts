import { eq } from 'drizzle-orm';
import type { DeskSetting } from '../../../domain/slip-desk/contracts';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { actingChapterId } from '../../db/chapter-settings';
import type { Database } from '../../db/client';
import { chapters } from '../../db/schema';
import { recordAudit } from '../audit/record-audit';

/**
 * PUT /api/slips-desk/setting (administrators): whether a referral leadership enters at the desk stands for both
 * members of the actor's chapter (the one an agency administrator acts in). The row is locked, so the audit's
 * "from" is the value this change replaced; a change to the same value records nothing.
 */
export async function changeDeskSetting(
  db: Database,
  actor: Actor,
  input: DeskSetting,
): Promise<DeskSetting> {
  return db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'NETWORK_ADMIN');
    const chapterId = await actingChapterId(tx, by);
    const [chapter] = await tx
      .select({ name: chapters.name, stands: chapters.deskEntryStands })
      .from(chapters)
      .where(eq(chapters.id, chapterId))
      .for('update');
    if (chapter && chapter.stands !== input.entryStands) {
      await tx.update(chapters).set({ deskEntryStands: input.entryStands }).where(eq(chapters.id, chapterId));
      await recordAudit(tx, {
        actorId: by.id,
        action: 'chapter.desk_entry_changed',
        subject: chapter.name ?? 'The chapter',
        before: { deskEntryStands: chapter.stands },
        after: { deskEntryStands: input.entryStands },
        chapterId,
      });
    }
    return { entryStands: input.entryStands };
  });
}
