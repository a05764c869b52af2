import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface SerializedBody {
  json: string;
  etag: string;
}

export function serializeWithEtag(body: unknown): SerializedBody {
  const json = JSON.stringify(body);
  return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

/**
 * Sends a public JSON body with `Cache-Control: public, max-age` and a strong ETag; a matching
 * If-None-Match gets 304 with no body, so a phone re-checking the directory downloads nothing.
 * Signed-in answers never come here: they are `no-store`.
 */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  maxAgeSeconds: number,
) {
  return sendSerialized(request, reply, serializeWithEtag(body), maxAgeSeconds);
}

export function sendSerialized(
  request: FastifyRequest,
  reply: FastifyReply,
  { json, etag }: SerializedBody,
  maxAgeSeconds: number,
) {
  reply.header('cache-control', `public, max-age=${maxAgeSeconds}`).header('etag', etag);
  const sent = request.headers['if-none-match'];
  if (sent?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
