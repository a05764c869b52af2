import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends a public JSON body with `Cache-Control: public, max-age` and a strong ETag; a matching
 * If-None-Match gets 304 with no body, so a phone re-checking the directory downloads nothing.
 */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  maxAgeSeconds: number,
  visibility: 'public' | 'private' = 'public',
) {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  reply.header('cache-control', `${visibility}, max-age=${maxAgeSeconds}`).header('etag', etag);
  const sent = request.headers['if-none-match'];
  if (sent?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
