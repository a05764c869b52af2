import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, isNotModified } from './cacheable';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

/** A JSON answer serialized once and kept as bytes (compressed too when large enough), with its ETag. */
export interface EncodedBody {
  etag: string;
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
}

/**
 * Below this many bytes an answer goes uncompressed: a profile or a search's one card (300-700 bytes)
 * saves a few hundred bytes, and each answer built on a cache miss paid two trips to the thread pool
 * for them (issue 49.2).
 */
export const COMPRESS_FROM_BYTES = 1024;

/** Serializes and compresses once (on the thread pool), for answers reused across many requests. */
export async function encodeBody(body: unknown): Promise<EncodedBody> {
  const identity = Buffer.from(JSON.stringify(body));
  if (identity.length < COMPRESS_FROM_BYTES) return { etag: etagOf(identity), bodies: { identity } };
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzipAsync(identity, { level: 6 }),
  ]);
  return { etag: etagOf(identity), bodies: { identity, br, gzip: gz } };
}

/** The best encoding the client accepts (brotli, then gzip), honouring `q=0` refusals. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Sends a pre-encoded public answer: `Cache-Control: public, max-age`, the ETag (a match gets 304 with
 * no body), `Vary: Accept-Encoding`, and the bytes already compressed for this client.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
  maxAgeSeconds: number,
) {
  reply
    .header('cache-control', `public, max-age=${maxAgeSeconds}`)
    .header('etag', body.etag)
    .header('vary', 'accept-encoding');
  if (isNotModified(request, body.etag)) return reply.code(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const compressed = encoding === 'identity' ? undefined : body.bodies[encoding];
  if (compressed) reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(compressed ?? body.bodies.identity);
}

/**
 * Sends JSON text already serialized (from a value built field by field: docs/decisions/0029) as it is,
 * with no second pass; its route's response schema then documents the answer and its tests check it.
 */
export const sendJsonText = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);
