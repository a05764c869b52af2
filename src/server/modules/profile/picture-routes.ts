import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FIELD_MAX } from '../../../domain/fields';
import { MESSAGES } from '../../../domain/messages';
import {
  isPictureType,
  PICTURE_MAX_BYTES,
  PICTURE_MESSAGES,
  PICTURE_TYPES,
} from '../../../domain/profile/picture';
import { lineText } from '../../../domain/text';
import { RATE_LIMITS } from '../../http/rate-limits';
import { actor, uuidParam } from '../../http/route-params';
import { HttpError } from '../../lib/http-error';
import { UPLOADS_PATH } from '../../storage/folder-storage';
import { createUploadUrl, receiveUpload, removeProfilePicture, setProfilePicture } from './profile-picture';

const uploadRequestSchema = z.strictObject({
  filename: lineText(255).optional(),
  contentType: lineText(100),
});

/** The three picture calls (docs/product.md, "Profile pictures"), plus the PUT the upload URL receives, and /uploads/ for the folder store. */
export async function pictureRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const storage = app.storage;

  // The raw picture bytes, counted as they arrive: past 5 MB the request ends with 413 at once.
  app.addContentTypeParser(
    [...PICTURE_TYPES],
    { parseAs: 'buffer', bodyLimit: PICTURE_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/api/profile/upload-url',
    {
      config: { access: 'signed-in', rateLimit: RATE_LIMITS.pictureUploads },
      schema: { body: uploadRequestSchema, response: { 200: z.object({ uploadURL: z.string() }) } },
    },
    async (request) => {
      const { contentType } = request.body;
      if (!isPictureType(contentType)) throw new HttpError('UNSUPPORTED_MEDIA', PICTURE_MESSAGES.invalidType);
      return createUploadUrl(db(), actor(request), { contentType });
    },
  );

  app.put(
    '/api/profile/uploads/:id',
    {
      config: {
        access: 'signed-in',
        answer: { status: 204, description: 'The picture is stored; no body.' },
      },
      bodyLimit: PICTURE_MAX_BYTES,
      schema: { params: z.object({ id: uuidParam(PICTURE_MESSAGES.uploadUrlInvalid) }) },
    },
    async (request, reply) => {
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes)) throw new HttpError('UNSUPPORTED_MEDIA', PICTURE_MESSAGES.notAnImage);
      await receiveUpload(db(), storage, actor(request), {
        id: request.params.id,
        contentType: String(request.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim(),
        bytes,
      });
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/profile/image',
    {
      config: { access: 'signed-in' },
      schema: {
        body: z.strictObject({ imageUrl: lineText(FIELD_MAX.link) }),
        response: { 200: z.object({ profileImageUrl: z.string().nullable() }) },
      },
    },
    async (request) => setProfilePicture(db(), storage, actor(request), request.body.imageUrl),
  );

  app.delete('/api/profile/image', { config: { access: 'signed-in' } }, async (request, reply) => {
    await removeProfilePicture(db(), storage, actor(request));
    return reply.code(204).send();
  });

  // The folder store serves its files itself: content-hashed names, so cached for a year.
  const root = (storage as { root?: string }).root;
  if (root) {
    const picture = {
      status: 200,
      type: 'image/webp',
      description: 'The picture, cached for a year (its name is its hash).',
    };
    app.get(`${UPLOADS_PATH}*`, { config: { access: 'public', answer: picture } }, async (request, reply) => {
      const key = storage.keyOf(request.url.split('?')[0] ?? '');
      const bytes = key ? await readFile(join(root, key)).catch(() => undefined) : undefined;
      if (!bytes) throw new HttpError('NOT_FOUND', MESSAGES.notFound);
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type('image/webp')
        .send(bytes);
    });
  }
}
