import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, isNotModified } from './cacheable';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

/** A JSON answer serialized once and kept as bytes, with its ETag; compressed once per encoding asked for. */
export interface EncodedBody {
  etag: string;
  identity: Buffer;
  /** The bytes in `encoding` (compressed on the thread pool the first time, then kept), or undefined when too small. */
  compressed(encoding: 'br' | 'gzip'): Promise<Buffer> | undefined;
}

/**
 * Below this many bytes an answer goes uncompressed: a profile or a search's one card (300-700 bytes)
 * saves a few hundred bytes, and each answer built on a cache miss paid two trips to the thread pool
 * for them.
 */
export const COMPRESS_FROM_BYTES = 1024;

const brotliOptions = (bytes: Buffer) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    // A window no larger than the answer: the default (4 MB) made each call allocate and clear buffers
    // that cost ten times the compressing of a 4 KB page (3 ms of CPU against 0.3 ms, same bytes).
    [constants.BROTLI_PARAM_LGWIN]: Math.min(
      constants.BROTLI_MAX_WINDOW_BITS,
      Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes.length))),
    ),
  },
});

/**
 * Up to this many bytes an answer is compressed on the event loop. Handing a small body to the thread pool
 * costs more than compressing it: a painted 16 KB page took 0.36 ms of CPU through the pool (0.25 ms of it on
 * the event loop, setting up the stream) against 0.15 ms in one synchronous call. Larger bodies go to the
 * pool, so a big answer never holds other requests up.
 */
export const COMPRESS_ON_LOOP_UP_TO_BYTES = 64 * 1024;

const compressors = {
  br: (bytes: Buffer) =>
    bytes.length <= COMPRESS_ON_LOOP_UP_TO_BYTES
      ? Promise.resolve(brotliCompressSync(bytes, brotliOptions(bytes)))
      : brotli(bytes, brotliOptions(bytes)),
  gzip: (bytes: Buffer) =>
    bytes.length <= COMPRESS_ON_LOOP_UP_TO_BYTES
      ? Promise.resolve(gzipSync(bytes, { level: 6 }))
      : gzipAsync(bytes, { level: 6 }),
};

/**
 * Serializes once; compresses lazily, in the one encoding a request asks for: most answers built on a cache
 * miss (a search, a page) are sent once, and compressing them both ways up front cost more than the answer.
 */
export const encodeBody = (body: unknown): EncodedBody => encodeBytes(Buffer.from(JSON.stringify(body)));

/** Bytes kept once, compressed once per encoding asked for (a painted page's HTML, a JSON answer). */
export function encodeBytes(identity: Buffer): EncodedBody {
  const kept = new Map<'br' | 'gzip', Promise<Buffer>>();
  return {
    etag: etagOf(identity),
    identity,
    compressed(encoding) {
      if (identity.length < COMPRESS_FROM_BYTES) return undefined;
      let bytes = kept.get(encoding);
      if (!bytes) {
        bytes = compressors[encoding](identity);
        kept.set(encoding, bytes);
      }
      return bytes;
    },
  };
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
 * no body), `Vary: Accept-Encoding`, and the bytes already compressed for this client; JSON unless `type`
 * names another type.
 */
export async function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
  maxAgeSeconds: number,
  type = 'application/json; charset=utf-8',
) {
  reply
    .header('cache-control', `public, max-age=${maxAgeSeconds}`)
    .header('etag', body.etag)
    .header('vary', 'accept-encoding');
  if (isNotModified(request, body.etag)) return reply.code(304).send();
  return sendBytes(request, reply, body, type);
}

/** Sends kept bytes in the encoding the client prefers, compressed once for every client that asks so. */
export async function sendBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
  type: string,
) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const compressed = encoding === 'identity' ? undefined : await body.compressed(encoding);
  if (compressed) reply.header('content-encoding', encoding);
  return reply.type(type).send(compressed ?? body.identity);
}

/**
 * Sends JSON text already serialized (from a value built field by field: docs/decisions/0029) as it is,
 * with no second pass; its route's response schema then documents the answer and its tests check it.
 */
export const sendJsonText = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);
