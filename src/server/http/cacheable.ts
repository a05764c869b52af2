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
 * Sends a JSON body with `Cache-Control: <visibility>, max-age` and a strong ETag; a matching
 * If-None-Match gets 304 with no body, so a phone re-checking the directory downloads nothing.
 */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  maxAgeSeconds: number,
  visibility: 'public' | 'private' = 'public',
) {
  return sendSerialized(request, reply, serializeWithEtag(body), maxAgeSeconds, visibility);
}

export function sendSerialized(
  request: FastifyRequest,
  reply: FastifyReply,
  { json, etag }: SerializedBody,
  maxAgeSeconds: number,
  visibility: 'public' | 'private' = 'public',
) {
  reply.header('cache-control', `${visibility}, max-age=${maxAgeSeconds}`).header('etag', etag);
  const sent = request.headers['if-none-match'];
  if (sent?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
