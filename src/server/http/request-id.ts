import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * A proxy's id is kept only when it looks like an id: letters, digits and `._:=-`, at most 128 characters.
 * Anything else (a log-injection attempt, a whole header) is replaced, so a log line's id is always safe.
 */
const WELL_FORMED = /^[A-Za-z0-9._:=-]{1,128}$/;

/** The request's id: the proxy's when well-formed, else a random UUID (unique across instances). */
export function requestIdOf(raw: IncomingMessage): string {
  const incoming = raw.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}

/** Every answer says its id, the one its log line carries (`reqId`), errors and 404s included. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
