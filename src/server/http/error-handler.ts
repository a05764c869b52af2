import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../domain/messages';
import { HttpError } from '../lib/http-error';
import { isDatabaseUnavailable, isInvalidCharacterError, loggableError } from './database-errors';

export interface ErrorBody {
  message: string;
  fieldErrors?: Record<string, string[]>;
}

type ValidationIssue = { instancePath?: string; message?: string };

/** Turns schema validation issues into `{ field: [messages] }`; the first message becomes the summary. */
function toFieldErrors(issues: readonly ValidationIssue[]): ErrorBody {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
    const list = fieldErrors[field] ?? [];
    list.push(issue.message ?? MESSAGES.invalidRequest);
    fieldErrors[field] = list;
  }
  const first = issues[0]?.message ?? MESSAGES.invalidRequest;
  return { message: first, fieldErrors };
}

/**
 * The single error handler: 4xx keep their message, 5xx never reveal SQL, stacks or parameters,
 * and a database outage is a 503 so clients know to retry.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(toFieldErrors(error.validation));
    }
    if (error instanceof HttpError) {
      const body: ErrorBody = { message: error.message };
      if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
      return reply.code(error.statusCode).send(body);
    }
    if (isInvalidCharacterError(error)) {
      // A safety net behind the text schemas: text PostgreSQL cannot store is the client's mistake.
      return reply.code(400).send({ message: MESSAGES.invalidCharacters });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ error: loggableError(error) }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ message: MESSAGES.databaseUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) are safe to show.
      const message = status === 413 ? MESSAGES.payloadTooLarge : error.message;
      return reply.code(status).send({ message });
    }
    request.log.error({ error: loggableError(error) }, 'unhandled error');
    return reply.code(500).send({ message: MESSAGES.internalError });
  });
}
