import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong ETag for these bytes. */
export const etagOf = (bytes: string | Buffer) => `"${createHash('sha1').update(bytes).digest('base64url')}"`;

/** Whether the client already holds this version (If-None-Match), so a 304 with no body will do. */
export function isNotModified(request: FastifyRequest, etag: string): boolean {
  const sent = request.headers['if-none-match'];
  return sent?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;
}

/**
 * Sends a public JSON body with `Cache-Control: public, max-age` and a strong ETag; a matching
 * If-None-Match gets 304 with no body, so a phone re-checking a page downloads nothing. Compression is
 * left to @fastify/compress (the answer varies by Accept-Encoding). Signed-in answers never come here:
 * they are `no-store`.
 */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  maxAgeSeconds: number,
) {
  const json = JSON.stringify(body);
  const etag = etagOf(json);
  reply
    .header('cache-control', `public, max-age=${maxAgeSeconds}`)
    .header('etag', etag)
    .header('vary', 'accept-encoding');
  if (isNotModified(request, etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}
