import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { PICTURE_MESSAGES, type PictureType } from '../../../domain/profile/picture';
import type { Actor } from '../../auth/session-store';
import { type Database, selectRows } from '../../db/client';
import { profileUploads, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { ObjectStorage } from '../../storage';
import { processPicture } from './process-picture';

export const UPLOAD_URL_PREFIX = '/api/profile/uploads/';
const UPLOAD_MINUTES = 10;

const invalidUpload = () => new HttpError('NOT_FOUND', PICTURE_MESSAGES.uploadUrlInvalid);

/** POST /api/profile/upload-url: a single-use URL on this server, bound to the member, for 10 minutes. */
export async function createUploadUrl(db: Database, actor: Actor, input: { contentType: PictureType }) {
  const [row] = await db
    .insert(profileUploads)
    .values({
      userId: actor.id,
      contentType: input.contentType,
      expiresAt: new Date(Date.now() + UPLOAD_MINUTES * 60 * 1000),
    })
    .returning({ id: profileUploads.id });
  return { uploadURL: `${UPLOAD_URL_PREFIX}${row!.id}` };
}

/**
 * PUT of the bytes to an upload URL: only by its member, before it expires, once. The picture is
 * checked and re-encoded before it is stored; a second PUT (or a race) finds the URL used.
 */
export async function receiveUpload(
  db: Database,
  storage: ObjectStorage,
  actor: Actor,
  input: { id: string; contentType: string; bytes: Buffer },
) {
  const [upload] = await db
    .select()
    .from(profileUploads)
    .where(
      and(
        eq(profileUploads.id, input.id),
        eq(profileUploads.userId, actor.id),
        isNull(profileUploads.uploadedAt),
        gt(profileUploads.expiresAt, sql`now()`),
      ),
    );
  if (!upload) throw invalidUpload();
  if (input.contentType !== upload.contentType)
    throw new HttpError('UNSUPPORTED_MEDIA', PICTURE_MESSAGES.notAnImage);
  const picture = await processPicture(input.bytes, upload.contentType as PictureType, actor.id);
  // Written and claimed under the key's lock, so a removal of the same content-addressed file either
  // sees this upload pointing at it (and keeps it) or has finished deleting before the file is written.
  const claimed = await db.transaction(async (tx) => {
    await lockObjectKey(tx, picture.key);
    await storage.put(picture.key, picture.bytes, picture.contentType);
    return tx
      .update(profileUploads)
      .set({ uploadedAt: sql`now()`, objectKey: picture.key })
      .where(and(eq(profileUploads.id, upload.id), isNull(profileUploads.uploadedAt)))
      .returning({ id: profileUploads.id });
  });
  if (!claimed[0]) throw invalidUpload();
}

const lockObjectKey = (tx: Database, key: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`picture:${key}`}, 0))`);

/** PUT /api/profile/image: only a URL this server issued to this member, with its bytes received. */
export async function setProfilePicture(
  db: Database,
  storage: ObjectStorage,
  actor: Actor,
  imageUrl: string,
) {
  const path = imageUrl.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? '';
  const id = path.startsWith(UPLOAD_URL_PREFIX) ? path.slice(UPLOAD_URL_PREFIX.length) : '';
  let newUrl: string | null = null;
  const oldUrl = await db.transaction(async (tx) => {
    const [applied] = await tx
      .update(profileUploads)
      .set({ appliedAt: sql`now()` })
      .where(
        and(
          sql`${profileUploads.id}::text = ${id}`,
          eq(profileUploads.userId, actor.id),
          isNotNull(profileUploads.objectKey),
          isNull(profileUploads.appliedAt),
        ),
      )
      .returning({ objectKey: profileUploads.objectKey });
    if (!applied?.objectKey)
      throw new HttpError('VALIDATION', PICTURE_MESSAGES.imageUrlInvalid, {
        imageUrl: [PICTURE_MESSAGES.imageUrlInvalid],
      });
    newUrl = storage.publicUrl(applied.objectKey);
    const [user] = await tx
      .select({ url: users.profileImageUrl })
      .from(users)
      .where(eq(users.id, actor.id))
      .for('update');
    await tx
      .update(users)
      .set({ profileImageUrl: storage.publicUrl(applied.objectKey) })
      .where(eq(users.id, actor.id));
    return user?.url ?? null;
  });
  await removeUnusedPicture(db, storage, oldUrl);
  return { profileImageUrl: newUrl };
}

/** DELETE /api/profile/image: the picture goes, and so does its file. */
export async function removeProfilePicture(db: Database, storage: ObjectStorage, actor: Actor) {
  const [user] = await db.select({ url: users.profileImageUrl }).from(users).where(eq(users.id, actor.id));
  await db.update(users).set({ profileImageUrl: null }).where(eq(users.id, actor.id));
  await removeUnusedPicture(db, storage, user?.url ?? null);
}

/**
 * Deletes a replaced picture's file, but only when it is ours (an outside URL is left alone) and nothing
 * points at it any more: names are content hashes, so the same picture uploaded again, or an upload
 * not yet applied, shares the file. Checked and deleted under the key's lock (see receiveUpload).
 */
async function removeUnusedPicture(db: Database, storage: ObjectStorage, url: string | null) {
  const key = url ? storage.keyOf(url) : undefined;
  if (!url || !key) return;
  await db.transaction(async (tx) => {
    await lockObjectKey(tx, key);
    const [{ used } = { used: true }] = await selectRows<{ used: boolean }>(
      tx,
      sql`select exists (select 1 from ${users} where ${users.profileImageUrl} = ${url})
              or exists (select 1 from ${profileUploads}
                          where ${profileUploads.objectKey} = ${key} and ${profileUploads.appliedAt} is null)
            as used`,
    );
    if (!used) await storage.delete(key);
  });
}
