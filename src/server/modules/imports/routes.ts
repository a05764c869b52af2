import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  importCommitQuerySchema,
  importPreviewSchema,
  importQuerySchema,
  importResultSchema,
} from '../../../domain/imports/contracts';
import { RATE_LIMITS } from '../../http/rate-limits';
import { actor } from '../../http/route-params';
import { HttpError } from '../../lib/http-error';
import { commitImport, previewImport } from './run-import';

/**
 * An email is one account agency-wide, so an import reads every chapter's accounts to refuse another chapter's
 * member by row, and history rows may name members of other chapters (referrals cross chapters).
 */
const IMPORTERS = {
  access: { minRole: 'NETWORK_ADMIN' },
  chapterReach: 'agency',
  rateLimit: RATE_LIMITS.imports,
} as const;
const tooLarge = () => new HttpError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge);

/**
 * The file's bytes, counted as they arrive: a file over the limit is refused with the import's own
 * message (by its declared length at once, else as soon as it passes the limit).
 */
async function receiveFile(request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<Buffer> {
  if (Number(request.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES) throw tooLarge();
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const part = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += part.length;
    if (size > IMPORT_MAX_BYTES) throw tooLarge();
    parts.push(part);
  }
  return Buffer.concat(parts);
}

const fileOf = (request: FastifyRequest) => {
  if (!Buffer.isBuffer(request.body)) throw new HttpError('UNSUPPORTED_MEDIA', IMPORT_MESSAGES.notATable);
  return request.body;
};

/** A spreadsheet previewed, then imported, by network administrators and above. */
export async function importRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  app.addContentTypeParser('application/octet-stream', receiveFile);
  // Our parser enforces the import's limit with its message; Fastify's own stays above it.
  const bodyLimit = IMPORT_MAX_BYTES * 2;

  // One pair of routes per kind: the kind is part of the address, not a parameter to validate.
  for (const kind of IMPORT_KINDS) {
    app.post(
      `/api/imports/${kind}/preview`,
      {
        config: IMPORTERS,
        bodyLimit,
        schema: { querystring: importQuerySchema, response: { 200: importPreviewSchema } },
      },
      async (request) => previewImport(db(), actor(request), kind, fileOf(request), request.query.mapping),
    );

    app.post(
      `/api/imports/${kind}`,
      {
        config: IMPORTERS,
        bodyLimit,
        schema: { querystring: importCommitQuerySchema, response: { 200: importResultSchema } },
      },
      async (request) =>
        commitImport(db(), actor(request), kind, {
          bytes: fileOf(request),
          mapping: request.query.mapping,
          filename: request.query.filename,
          leaveOut: request.query.leaveOut,
        }),
    );
  }
}
