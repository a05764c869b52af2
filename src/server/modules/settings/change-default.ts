import type { AuditAction } from '../../../domain/admin/audit';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { type ChapterDefault, type DefaultValue, setChapterDefault } from '../../db/chapter-settings';
import type { Database } from '../../db/client';
import { recordAudit } from '../audit/record-audit';

/**
 * One of the Settings tab's defaults changed by a network administrator: their chapter's (the agency's for
 * an agency administrator of none), with its audit entry, in one transaction. Answers the actor as read now.
 */
export async function changeChapterDefault<K extends ChapterDefault>(
  db: Database,
  actor: Actor,
  change: { key: K; value: DefaultValue<K>; action: AuditAction; subject: string },
) {
  return db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'NETWORK_ADMIN');
    const before = await setChapterDefault(tx, by.chapterId, change.key, change.value);
    await recordAudit(tx, {
      actorId: actor.id,
      action: change.action,
      subject: change.subject,
      chapterId: by.chapterId,
      before: { [change.key]: before },
      after: { [change.key]: change.value },
    });
    return by;
  });
}
